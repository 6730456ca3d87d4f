import { SaxesParser } from 'saxes';

/** The OpenTravel namespace every message in and every answer out uses (docs/channels.md). */
export const OTA_NAMESPACE = 'http://www.opentravel.org/OTA/2003/05';

/** Deepest element nesting accepted; OpenTravel ARI messages need six levels, hostile ones go deeper. */
export const OTA_MAX_DEPTH = 32;

/** One element of a parsed message: its local name, attributes, children and where it starts. */
export interface OtaElement {
  name: string;
  namespace: string;
  attributes: Record<string, string>;
  children: OtaElement[];
  /** An XPath-like locator, e.g. `/OTA_HotelRateAmountNotifRQ/RateAmountMessages[1]/RateAmountMessage[2]`. */
  path: string;
  line: number;
  column: number;
}

/** Why a document could not be read as a message; the answer is an `<Errors>` RS. */
export interface OtaDocumentProblem {
  kind: 'doctype' | 'too_deep' | 'malformed' | 'namespace' | 'empty';
  message: string;
}

export type OtaDocument = { root: OtaElement; problem: null } | { root: null; problem: OtaDocumentProblem };

/** Thrown inside the handlers to stop the parser at the first refusal. */
class Refusal extends Error {
  constructor(readonly problem: OtaDocumentProblem) {
    super(problem.message);
  }
}

/**
 * Reads a message with the streaming `saxes` parser into a small element tree. A DOCTYPE is
 * refused as soon as it is seen (no entity is ever declared, so none is expanded), nesting deeper
 * than `OTA_MAX_DEPTH` is refused before the tree grows, and every element must be in the OpenTravel
 * namespace. Text content is not kept: the three ARI messages carry their data in attributes.
 */
export function parseOtaXml(body: string): OtaDocument {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: OtaElement[] = [];
  const siblings: Array<Map<string, number>> = [new Map()];
  let root: OtaElement | null = null;
  parser.on('doctype', () => {
    throw new Refusal({ kind: 'doctype', message: 'A document type declaration (DOCTYPE) is not accepted.' });
  });
  parser.on('opentag', (tag) => {
    if (stack.length >= OTA_MAX_DEPTH) {
      throw new Refusal({ kind: 'too_deep', message: `Elements nest deeper than ${OTA_MAX_DEPTH} levels (line ${parser.line}).` });
    }
    const namespace = tag.uri ?? '';
    if (namespace !== OTA_NAMESPACE) {
      throw new Refusal({ kind: 'namespace', message: `Element ${tag.local} (line ${parser.line}) is not in the namespace ${OTA_NAMESPACE}.` });
    }
    const counts = siblings[siblings.length - 1];
    const index = (counts.get(tag.local) ?? 0) + 1;
    counts.set(tag.local, index);
    const parent = stack[stack.length - 1];
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.uri === '' || attribute.uri === undefined) attributes[attribute.local] = attribute.value;
    }
    const element: OtaElement = {
      name: tag.local ?? '',
      namespace,
      attributes,
      children: [],
      path: parent ? `${parent.path}/${tag.local}[${index}]` : `/${tag.local}`,
      line: parser.line,
      column: parser.column,
    };
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
    siblings.push(new Map());
  });
  parser.on('closetag', () => {
    stack.pop();
    siblings.pop();
  });
  try {
    parser.write(body).close();
  } catch (error) {
    if (error instanceof Refusal) return { root: null, problem: error.problem };
    const message = error instanceof Error ? error.message : String(error);
    return { root: null, problem: { kind: 'malformed', message: `The document is not well-formed XML: ${message.slice(0, 300)}` } };
  }
  if (!root) return { root: null, problem: { kind: 'empty', message: 'The document has no root element.' } };
  return { root, problem: null };
}

/** The element's children of one local name. */
export function childrenNamed(element: OtaElement, name: string): OtaElement[] {
  return element.children.filter((c) => c.name === name);
}

/** The first child of that local name, or null. */
export function childNamed(element: OtaElement, name: string): OtaElement | null {
  return element.children.find((c) => c.name === name) ?? null;
}
