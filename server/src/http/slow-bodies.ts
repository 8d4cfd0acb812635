/**
 * Bounds on how long a client may take to send a request. Node's own timeouts bound the
 * headers and the whole request; they cannot tell a body that keeps flowing from one that
 * trickles a byte now and then to keep an upload (and its half-written file) open for
 * hours. The watch below cuts a body that delivers less than `minBytes` during a window:
 * one that stops progressing is gone within two windows.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerOptions } from 'node:http';
import { Socket } from 'node:net';
import type { Config } from '../config';
import { maskedUrl } from './request-log';

/** Well under what any real connection sends in a window, far over a trickle. */
const MIN_BODY_BYTES_PER_WINDOW = 16 * 1024;

/** Node's options for the headers and the whole request, from the configuration. */
export function requestTimeouts(config: Pick<Config, 'HEADERS_TIMEOUT_SECONDS' | 'REQUEST_TIMEOUT_SECONDS'>): { requestTimeout: number; http: ServerOptions } {
  const headersTimeout = config.HEADERS_TIMEOUT_SECONDS * 1000;
  return {
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    http: {
      headersTimeout,
      // Node checks both timeouts only this often (30 s by default): a late check would double them.
      connectionsCheckingInterval: Math.max(250, Math.min(30_000, Math.floor(headersTimeout / 4))),
    },
  };
}

export function installBodyProgressWatch(app: FastifyInstance, options: { windowMs: number; minBytes?: number }): void {
  const minBytes = options.minBytes ?? MIN_BODY_BYTES_PER_WINDOW;
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    const socket = raw.socket;
    const hasBody = Number(raw.headers['content-length']) > 0 || raw.headers['transfer-encoding'] !== undefined;
    // Only a network connection can trickle; requests made in-process (inject) have none.
    if (!hasBody || raw.complete || !(socket instanceof Socket)) return done();
    let seen = socket.bytesRead;
    const timer = setInterval(() => {
      if (raw.complete || raw.destroyed) return stop();
      const read = socket.bytesRead;
      const progressed = read - seen;
      seen = read;
      // Unread bytes waiting on our side mean the server is the one not reading: not the client's stall.
      if (progressed >= minBytes || raw.readableLength >= raw.readableHighWaterMark) return;
      request.log.warn({ url: maskedUrl(request), bytesInWindow: progressed, windowMs: options.windowMs }, 'request body too slow: connection cut');
      stop();
      // Readers of the body (the upload's file stream) fail and remove what they wrote.
      socket.destroy();
    }, options.windowMs);
    timer.unref();
    const stop = () => clearInterval(timer);
    raw.once('end', stop);
    raw.once('close', stop);
    done();
  });
}
