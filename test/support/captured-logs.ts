import fs from 'node:fs';

/**
 * Everything the process writes to stdout and stderr from now on, including pino's asynchronous
 * destination (sonic-boom writes with `fs.write` on fd 1, not through `process.stdout`).
 * Returns the text so far and a restore function.
 */
export function captureLogs(): { text: () => string; lines: () => Array<Record<string, unknown>>; restore: () => void } {
  const chunks: string[] = [];
  const keep = (fd: unknown, data: unknown) => {
    if ((fd === 1 || fd === 2) && (typeof data === 'string' || Buffer.isBuffer(data))) chunks.push(data.toString());
  };
  const originalWrite = fs.write;
  const originalWriteSync = fs.writeSync;
  const write = jest.spyOn(fs, 'write').mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
    keep(fd, data);
    return (originalWrite as (...args: unknown[]) => void)(fd, data, ...rest);
  }) as typeof fs.write);
  const writeSync = jest.spyOn(fs, 'writeSync').mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
    keep(fd, data);
    return (originalWriteSync as (...args: unknown[]) => number)(fd, data, ...rest);
  }) as typeof fs.writeSync);
  const originalStdout = process.stdout.write.bind(process.stdout);
  const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(((data: unknown, ...rest: unknown[]) => {
    keep(1, data);
    return (originalStdout as (...args: unknown[]) => boolean)(data, ...rest);
  }) as typeof process.stdout.write);
  const text = () => chunks.join('');
  return {
    text,
    lines: () =>
      text()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => {
          try {
            return JSON.parse(l) as Record<string, unknown>;
          } catch {
            return {};
          }
        }),
    restore: () => {
      write.mockRestore();
      writeSync.mockRestore();
      stdout.mockRestore();
    },
  };
}
