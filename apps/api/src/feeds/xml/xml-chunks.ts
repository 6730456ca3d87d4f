import type { createCB } from 'xmlbuilder2';
import type { XMLBuilderCB } from 'xmlbuilder2/lib/interfaces';

let xmlbuilder2: Promise<typeof import('xmlbuilder2')> | null = null;

/**
 * An xmlbuilder2 callback builder whose output is collected between `take()` calls, so a
 * document is written and sent one batch at a time (docs/feeds.md, "Streaming"). xmlbuilder2 (159
 * modules, 0.14 s of CPU to load) is loaded with the first feed a process writes, not at its boot
 * (docs/performance.md "Modules loaded when first used").
 */
export class XmlChunks {
  readonly xml: XMLBuilderCB;
  private chunks: string[] = [];

  private constructor(create: typeof createCB) {
    this.xml = create({
      data: (chunk: string) => this.chunks.push(chunk),
      error: (err: Error) => {
        throw err;
      },
      prettyPrint: false,
      invalidCharReplacement: '',
    });
  }

  static async open(): Promise<XmlChunks> {
    xmlbuilder2 ??= import('xmlbuilder2');
    return new XmlChunks((await xmlbuilder2).createCB);
  }

  /** Everything written since the last call. */
  take(): string {
    const out = this.chunks.join('');
    this.chunks = [];
    return out;
  }
}
