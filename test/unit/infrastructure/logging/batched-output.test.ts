import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { BatchedOutput, type OutputSystem } from '../../../../src/infrastructure/logging/batched-output.js';

/** A stand-in for the system calls: records every write, or fails as told. */
function fakeSystem(answer: (bytes: Uint8Array, call: number) => number = (bytes) => bytes.length) {
  const chunks: Buffer[] = [];
  const sleeps: number[] = [];
  let calls = 0;
  let onWrite = () => {};
  const system: OutputSystem = {
    write(_fd, bytes) {
      const taken = answer(bytes, calls++);
      chunks.push(Buffer.from(bytes.subarray(0, taken)));
      onWrite();
      return taken;
    },
    sleep: (ms) => sleeps.push(ms),
  };
  const nextWrite = () => new Promise<void>((resolve) => (onWrite = resolve));
  /** Each write's bytes, as text. */
  const writes = () => chunks.map((chunk) => chunk.toString('utf8'));
  const text = () => Buffer.concat(chunks).toString('utf8');
  return { system, chunks, writes, text, sleeps, nextWrite };
}

/** A write that fails with this code on the given calls, and takes everything otherwise. */
function failing(code: string, calls: readonly number[]) {
  return (bytes: Uint8Array, call: number) => {
    if (calls.includes(call)) throw Object.assign(new Error(code), { code });
    return bytes.length;
  };
}

const HOUR = 60 * 60 * 1000;

describe('BatchedOutput', () => {
  it('holds lines until the batch is long enough, then writes them in one write', () => {
    const { system, writes } = fakeSystem();
    const output = new BatchedOutput(1, { batchLength: 10, everyMs: HOUR }, system);

    output.write('abc\n');
    expect(writes()).to.deep.equal([]);
    output.write('defghij\n');

    expect(writes()).to.deep.equal(['abc\ndefghij\n']);
  });

  it('writes what waits on flushSync, and makes no call when nothing waits', () => {
    const { system, writes } = fakeSystem();
    const output = new BatchedOutput(1, { batchLength: 4096, everyMs: HOUR }, system);

    output.flushSync();
    output.write('one\n');
    output.flushSync();

    expect(writes()).to.deep.equal(['one\n']);
  });

  it('writes what waits once everyMs has passed', async () => {
    const { system, writes, nextWrite } = fakeSystem();
    const output = new BatchedOutput(1, { batchLength: 4096, everyMs: 1 }, system);

    output.write('quiet\n');
    await nextWrite();

    expect(writes()).to.deep.equal(['quiet\n']);
  });

  it('writes the rest after a partial write, byte for byte', () => {
    const { system, chunks, text } = fakeSystem(() => 1);
    const output = new BatchedOutput(1, { batchLength: 4096, everyMs: HOUR }, system);

    output.write('é€\n');
    output.flushSync();

    expect(chunks).to.have.length(Buffer.byteLength('é€\n'));
    expect(text()).to.equal('é€\n');
  });

  it('waits and tries again while the pipe is full (EAGAIN)', () => {
    const { system, writes, sleeps } = fakeSystem(failing('EAGAIN', [0, 1]));
    const output = new BatchedOutput(1, { batchLength: 4096, everyMs: HOUR }, system);

    output.write('later\n');
    output.flushSync();

    expect(sleeps).to.have.length(2);
    expect(writes()).to.deep.equal(['later\n']);
  });

  it('drops every line once the reader has gone (EPIPE), without throwing', () => {
    const { system, writes } = fakeSystem(failing('EPIPE', [0]));
    const output = new BatchedOutput(1, { batchLength: 4096, everyMs: HOUR }, system);

    output.write('lost\n');
    output.flushSync();
    output.write('dropped\n');
    output.flushSync();

    expect(writes()).to.deep.equal([]);
  });

  it('throws any other write error: the log is broken', () => {
    const { system } = fakeSystem(failing('EBADF', [0]));
    const output = new BatchedOutput(1, { batchLength: 4096, everyMs: HOUR }, system);

    output.write('line\n');

    expect(() => output.flushSync()).to.throw('EBADF');
  });

  it('writes to a real file descriptor', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-output-'));
    const file = join(dir, 'log');
    const fd = openSync(file, 'w');
    try {
      const output = new BatchedOutput(fd, { batchLength: 4096, everyMs: HOUR });
      output.write('{"msg":"one"}\n');
      output.write('{"msg":"two"}\n');
      output.flushSync();

      expect(readFileSync(file, 'utf8')).to.equal('{"msg":"one"}\n{"msg":"two"}\n');
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
