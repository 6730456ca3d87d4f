import { KeptOutcome, Outcome } from '@hcs/contracts';

/**
 * A read's outcome worked out once per kept copy of what it reads (docs/performance.md, "The
 * property read as text"). A frozen source never changes, so its outcome is the same for every
 * caller until the reader hands out another copy: it is kept beside the copy (and goes with it)
 * as a `KeptOutcome`, which transports serialize once. A source that is not frozen is worked out
 * every time.
 */
export class ViewsOfKeptCopies<T extends object> {
  private readonly views = new WeakMap<object, KeptOutcome<T>>();

  async of(source: object, build: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
    if (!Object.isFrozen(source)) return build();
    let view = this.views.get(source);
    if (view === undefined) {
      const built = await build();
      view = new KeptOutcome(built.data, built.meta);
      this.views.set(source, view);
    }
    return view;
  }
}
