/**
 * A client on a bare TCP socket, for what `inject` cannot show: bytes sent slowly, a body
 * announced larger than it is, an answer read while the body is still being sent.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { TestApp } from './harness';

export async function listeningPort(t: TestApp): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

export interface RawConnection {
  socket: net.Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** The status of the server's answer, once its first line arrived. */
  status(): number | null;
  /** Resolves with that status as soon as it arrives, or with null if the connection ends first. */
  answered: Promise<number | null>;
  /** Resolves when the server closes or cuts the connection. */
  closed: Promise<void>;
  isClosed(): boolean;
  write(bytes: Buffer | string): Promise<void>;
}

export async function connect(port: number): Promise<RawConnection> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const chunks: Buffer[] = [];
  let ended = false;
  const text = () => Buffer.concat(chunks).toString('utf8');
  const status = () => {
    const match = /^HTTP\/1\.1 (\d{3})/.exec(text());
    return match ? Number(match[1]) : null;
  };
  let answer: (status: number | null) => void = () => {};
  const answered = new Promise<number | null>((resolve) => (answer = resolve));
  socket.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    const got = status();
    if (got !== null) answer(got);
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => ((ended = true), answer(status()), resolve())));
  return {
    socket,
    received: text,
    status,
    answered,
    closed,
    isClosed: () => ended,
    write: (bytes) =>
      new Promise<void>((resolve) => {
        if (ended || socket.destroyed) return resolve();
        if (socket.write(bytes)) resolve();
        else socket.once('drain', resolve);
      }),
  };
}

/** The JSON envelope of an answer read from the socket. */
export function answerBody(raw: string): { message: { message: string; code: number } } {
  return JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
}

export function requestHead(method: string, url: string, headers: Record<string, string>): string {
  const lines = Object.entries({ host: '127.0.0.1', ...headers }).map(([k, v]) => `${k}: ${v}`);
  return `${method} ${url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

/** Bytes of every file being written (the `.part` files under uploads/.tmp). */
export function partialBytes(dataDir: string): number {
  const tmp = path.join(dataDir, 'uploads', '.tmp');
  if (!fs.existsSync(tmp)) return 0;
  let total = 0;
  for (const name of fs.readdirSync(tmp)) total += fs.statSync(path.join(tmp, name), { throwIfNoEntry: false })?.size ?? 0;
  return total;
}

export function partialFiles(dataDir: string): string[] {
  const tmp = path.join(dataDir, 'uploads', '.tmp');
  return fs.existsSync(tmp) ? fs.readdirSync(tmp) : [];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
