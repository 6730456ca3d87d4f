import { where } from '../lib/profile-summary';

/** The parts of a V8 sampling heap profile (`HeapProfiler.stopSampling`) the summary reads. */
export interface SamplingHeapProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingHeapProfileNode[];
}

export interface AllocationSummary {
  /** Bytes sampled in the window, divided by the requests answered in it. */
  bytesPerRequest: number;
  /** The frames that allocated most, self bytes per request, largest first. */
  top: Array<{ frame: string; bytesPerRequest: number }>;
}

/** Bytes per request in all, and per allocating frame. */
export function summarizeAllocations(head: SamplingHeapProfileNode, requests: number, top = 15): AllocationSummary {
  const self = new Map<string, number>();
  let total = 0;
  const stack = [head];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const { functionName, url, lineNumber } = node.callFrame;
    const frame = `${functionName || '(anonymous)'} ${where(url)}${url ? `:${lineNumber}` : ''}`;
    self.set(frame, (self.get(frame) ?? 0) + node.selfSize);
    total += node.selfSize;
    stack.push(...node.children);
  }
  const perRequest = (bytes: number) => Math.round(bytes / Math.max(1, requests));
  return {
    bytesPerRequest: perRequest(total),
    top: [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([frame, bytes]) => ({ frame, bytesPerRequest: perRequest(bytes) })),
  };
}
