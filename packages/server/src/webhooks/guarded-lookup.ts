// Delivery-time SSRF guard: the DNS lookup every delivery connection makes, refusing any answer that
// holds a non-public address, and a check of the address the socket actually connected to.
//
// Registration already checked the host, but DNS answers can change (rebinding): this lookup is what
// the connection uses, so the address checked is the address connected to. An IP-literal host is not
// looked up by Node at all, so `assertPublicSocket` checks the connected peer as well.

import dns from 'node:dns';
import type { LookupFunction, Socket } from 'node:net';
import { getNonPublicReason } from './address-policy.ts';

export class NonPublicAddressError extends Error {
  readonly code = 'ERR_WEBHOOK_NON_PUBLIC_ADDRESS';
}

/** A `lookup` for an https agent or request that fails on any non-public answer. */
export function createGuardedLookup(): LookupFunction {
  return function guardedLookup(hostname, options, callback) {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (error, answers) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      for (const answer of answers) {
        const reason = getNonPublicReason(answer.address);
        if (reason !== null) {
          callback(new NonPublicAddressError(`${hostname} resolves to ${answer.address}, ${reason}`), '', 0);
          return;
        }
      }
      if (options.all) {
        callback(null, answers);
        return;
      }
      const first = answers[0];
      if (first === undefined) {
        callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
        return;
      }
      callback(null, first.address, first.family);
    });
  };
}

/** Destroys `socket` once connected if its peer is not a public address. */
export function assertPublicSocket(socket: Socket): void {
  const check = () => {
    const address = socket.remoteAddress;
    const reason = address === undefined ? 'unknown' : getNonPublicReason(address);
    if (reason !== null) socket.destroy(new NonPublicAddressError(`connected to ${address ?? 'an unknown address'}, ${reason}`));
  };
  if (socket.remoteAddress !== undefined && !socket.connecting) check();
  else socket.once('connect', check);
}
