import { Outcome, OutcomeMeta, renderSuccess } from './envelope';
import { frozen } from './frozen';

const TRACE_MARKER = '\u0000trace id\u0000';

/**
 * An outcome answered as it is to every caller who asks for the same thing: the view of a copy
 * kept in memory (docs/performance.md, "The property read as text"). Its data and meta are frozen,
 * so a transport may serialize everything but the trace id once: `renderText` gives exactly the
 * text of `JSON.stringify(renderSuccess(outcome, traceId))`, the same envelope, key for key.
 */
export class KeptOutcome<T extends object = object> extends Outcome<T> {
  private parts: readonly [head: string, tail: string] | undefined;

  constructor(data: T, meta: OutcomeMeta = {}) {
    if (meta.status !== undefined || meta.headers !== undefined) {
      throw new Error('KeptOutcome: a kept outcome has no status or headers of its own');
    }
    super(frozen(data), frozen({ ...meta }));
  }

  /** The success envelope's JSON text for one request's trace id. */
  renderText(traceId: string): string {
    const [head, tail] = (this.parts ??= this.split());
    return head + JSON.stringify(traceId) + tail;
  }

  /**
   * The envelope's text around its trace id, cut from the envelope itself so the key order is its
   * own. Inside a JSON string every quote is escaped, so the key and marker below can only be the
   * envelope's own `trace_id`.
   */
  private split(): readonly [string, string] {
    const field = `,"trace_id":${JSON.stringify(TRACE_MARKER)}`;
    const text = JSON.stringify(renderSuccess(this, TRACE_MARKER));
    const at = text.indexOf(field);
    if (at < 0) throw new Error('KeptOutcome: the envelope has no trace_id after its data');
    return [text.slice(0, at + field.length - JSON.stringify(TRACE_MARKER).length), text.slice(at + field.length)];
  }
}
