/**
 * Positional parameters of one composed statement: `add` returns the placeholder (`$n`, with an
 * optional cast) so CTEs can be written in any order without counting by hand.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}
