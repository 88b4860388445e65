// The POST /webhooks body: `{ "url": "https://…", "events"?: ["data.updated" | "status.degraded"] }`.
//
// Checked in order, first failure answered (400): not an object → invalid_parameter (param `body`);
// a member other than url and events → invalid_parameter naming it (a typo such as `event` would
// otherwise subscribe to everything); no url → missing_parameter; url not a string or not https →
// invalid_parameter (param `url`); events not a non-empty array of strings → invalid_parameter; an
// unknown event → unknown_value with `available`. Absent events means all of them; repeats collapse.
// Whether the url's host is public is checked after this (target-url.ts), as it needs DNS. A name
// repeated in a message (or as `param`) is cut to 100 characters (echo.ts).

import { ApiError } from '@skg/core';
import { SERVICE_EVENTS, type ServiceEventName } from '../events.ts';
import { truncateEcho } from './echo.ts';
import { parseTargetUrl } from './target-url.ts';

export interface RegistrationRequest {
  readonly url: URL;
  readonly events: readonly ServiceEventName[];
}

const MEMBERS = new Set(['url', 'events']);

export function parseRegistration(body: unknown): RegistrationRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError('invalid_parameter', 'the body must be a JSON object: {"url": "https://…", "events": [...]}', { param: 'body' });
  }
  const fields = body as Record<string, unknown>;
  for (const name of Object.keys(fields)) {
    if (!MEMBERS.has(name)) {
      const shown = truncateEcho(name);
      throw new ApiError('invalid_parameter', `unknown member '${shown}': the body takes url and events`, { param: shown });
    }
  }
  if (fields.url === undefined || fields.url === null || fields.url === '') {
    throw new ApiError('missing_parameter', 'url is required: the https address deliveries are posted to', { param: 'url' });
  }
  if (typeof fields.url !== 'string') throw new ApiError('invalid_parameter', 'url must be a string', { param: 'url' });
  const url = parseTargetUrl(fields.url.trim());
  return { url, events: parseEvents(fields.events) };
}

function parseEvents(value: unknown): readonly ServiceEventName[] {
  if (value === undefined) return SERVICE_EVENTS;
  if (!Array.isArray(value) || value.length === 0 || !value.every((event) => typeof event === 'string')) {
    throw new ApiError('invalid_parameter', 'events must be a non-empty array of event names (omit it for all events)', {
      param: 'events',
      available: SERVICE_EVENTS,
    });
  }
  const chosen = new Set<ServiceEventName>();
  for (const name of value as string[]) {
    const event = SERVICE_EVENTS.find((known) => known === name);
    if (event === undefined) {
      throw new ApiError('unknown_value', `'${truncateEcho(name)}' is not an event this service emits`, { param: 'events', available: SERVICE_EVENTS });
    }
    chosen.add(event);
  }
  return SERVICE_EVENTS.filter((event) => chosen.has(event));
}
