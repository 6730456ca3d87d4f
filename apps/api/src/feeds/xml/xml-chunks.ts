import { createCB } from 'xmlbuilder2';
import type { XMLBuilderCB } from 'xmlbuilder2/lib/interfaces';

/**
 * An xmlbuilder2 callback builder whose output is collected between `take()` calls, so a
 * document is written and sent one batch at a time (docs/feeds.md, "Streaming").
 */
export class XmlChunks {
  readonly xml: XMLBuilderCB;
  private chunks: string[] = [];

  constructor() {
    this.xml = createCB({
      data: (chunk: string) => this.chunks.push(chunk),
      error: (err: Error) => {
        throw err;
      },
      prettyPrint: false,
      invalidCharReplacement: '',
    });
  }

  /** Everything written since the last call. */
  take(): string {
    const out = this.chunks.join('');
    this.chunks = [];
    return out;
  }
}
