// /webhooks: change notification. GET describes it; POST registers a subscription (the API's only
// registration, no credential needed); GET / DELETE /webhooks/{id} and POST /webhooks/{id}/test need
// the subscription's secret as `Authorization: Bearer <secret>`, and answer an unknown id and a wrong
// or missing secret alike (404 not_found). The work is in webhooks/service.ts.

import type { H3Event } from 'h3';
import { ApiError, LICENCE } from '@skg/core';
import { SERVICE_EVENTS } from '../events.ts';
import { getClientAddress } from '../http/steps/rate-limit.ts';
import { type QueryValue, readString, type StringParameter } from '../params.ts';
import { getAddressBlock } from '../webhooks/address-policy.ts';
import { readJsonBody } from '../webhooks/request-body.ts';
import { parseRegistration } from '../webhooks/registration.ts';
import { SECRET_PREFIX, SIGNATURE_HEADER } from '../webhooks/signature.ts';
import { SUBSCRIPTION_STATUSES } from '../webhooks/subscription.ts';
import { MAX_URL_LENGTH } from '../webhooks/target-url.ts';
import { API_BASE, defineRoute, defineWriteRoute } from './define.ts';
import { WebhookCreated, WebhookDescription, WebhookRegistration, WebhookSubscriptionResponse, WebhookTestResult } from '../openapi/schemas/index.ts';

const ID: StringParameter = {
  kind: 'string',
  name: 'id',
  in: 'path',
  required: true,
  description: 'The subscription id POST /webhooks answered (`wh_…`)',
  example: 'wh_0123456789abcdef01234567',
};

const SANDBOX: StringParameter = {
  kind: 'string',
  name: 'sandbox',
  in: 'query',
  required: false,
  description: '`true` (or `1`) validates the registration, DNS included, and answers the same shape without storing or delivering anything',
  schema: { type: 'boolean', default: false },
};

const EVENT_DESCRIPTIONS: Readonly<Record<(typeof SERVICE_EVENTS)[number], string>> = {
  'data.updated':
    'The knowledge base was re-ingested and this service now serves the new build. data: {dataVersion, previousDataVersion, builtAt, ' +
    'bundleGenerated}. Rare and unpredictable; /changelog bundleGenerated is the polling alternative.',
  'status.degraded':
    'A server process turned degraded: a live self-check failed (its /status then reports degraded), or an optional dataset it served ' +
    'became unavailable (its endpoint answers 503; /status keeps ok, as an unbuilt dataset is a steady state there). Sent on the turn ' +
    'from healthy, not on every check. data: {status: "degraded" (always: the state this event announces, not a copy of /status), ' +
    'failing: [{name, detail}]}.',
};

/** `sandbox=true|1` → true; `false|0` or absent → false; anything else 400 invalid_parameter. */
function readBoolean(value: QueryValue, name: string): boolean {
  const text = readString(value)?.toLowerCase();
  if (text === undefined || text === 'false' || text === '0') return false;
  if (text === 'true' || text === '1') return true;
  throw new ApiError('invalid_parameter', `${name} must be true or false`, { param: name });
}

/** The secret of `Authorization: Bearer <secret>`, or undefined (then the answer is the unknown-id 404). */
function readBearer(event: H3Event): string | undefined {
  const header = event.req.headers.get('authorization');
  const match = header === null ? null : /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1];
}

export const describeWebhooksRoute = defineRoute({
  path: '/webhooks',
  operationId: 'describe_webhooks',
  summary: 'Change notification: the events, the payload, the signature scheme, delivery rules and limits',
  description:
    'How change notification works, in one answer: the events and their data, how to register (POST /webhooks, no credential), how to read, test and delete a subscription with its secret, the payload members, the signature, delivery and retry rules, and this server\'s limits.',
  parameters: [],
  responseSchema: WebhookDescription,
  errorStatuses: [],
  cache: 'data',
  handle({ app }) {
    const { limits, settings } = app.webhooks;
    return {
      events: SERVICE_EVENTS.map((name) => ({ name, description: EVENT_DESCRIPTIONS[name] })),
      registration: {
        method: 'POST' as const,
        url: `${API_BASE}/webhooks`,
        contentType: 'application/json',
        body: {
          url: `required; an https URL (at most ${MAX_URL_LENGTH} characters, no user name or password) whose host resolves only to public addresses`,
          events: `optional; a non-empty subset of ${SERVICE_EVENTS.join(', ')}; all of them when absent`,
        },
        sandbox: 'POST /webhooks?sandbox=true validates the same way (DNS included) and answers the same shape, storing and delivering nothing.',
        response: `201 {subscription: {id, url, status, events, created, …}, secret, sandbox}; the secret (${SECRET_PREFIX}…) is shown only in this answer.`,
        credential: 'None: registration needs no key.',
      },
      subscription: {
        read: `GET ${API_BASE}/webhooks/{id}`,
        delete: `DELETE ${API_BASE}/webhooks/{id}`,
        test: `POST ${API_BASE}/webhooks/{id}/test`,
        authorization: 'Authorization: Bearer <secret>. A wrong or missing secret answers 404 not_found, exactly as an unknown id does.',
        statuses: SUBSCRIPTION_STATUSES,
        statusNote: `active on creation; disabled after ${settings.disableAfterFailures} consecutive failed deliveries (deliveries stop; delete it and register again).`,
      },
      payload: {
        fields: {
          id: 'the event id (evt_…): the same on every retry and in every subscriber\'s copy; use it to drop duplicates. Each data switch and each turn to degraded is a new event with a new id',
          event: 'the event name',
          time: 'when the event was dispatched, ISO 8601',
          test: 'true only for POST /webhooks/{id}/test deliveries (nothing changed)',
          subscription: 'the subscription id',
          data: 'the event\'s data (see events)',
        },
      },
      signature: {
        header: SIGNATURE_HEADER,
        format: 'sha256=<hex>',
        algorithm: 'HMAC-SHA256' as const,
        key: `the subscription secret, the whole ${SECRET_PREFIX}… string as UTF-8 bytes`,
        signed: 'the raw request body bytes',
        note: 'Hash the raw bytes as received, not a re-serialised parse, and compare in constant time.',
      },
      delivery: {
        method: 'POST' as const,
        contentType: 'application/json',
        headers: [SIGNATURE_HEADER, 'X-Service-Event', 'X-Service-Delivery', 'User-Agent'],
        success: 'any 2xx answer',
        timeoutSeconds: settings.timeoutMs / 1000,
        redirects: 'not followed: a 3xx answer is a failed attempt',
        retries: settings.retryDelaysMs.length,
        retryDelaysSeconds: settings.retryDelaysMs.map((ms) => ms / 1000),
        disableAfterConsecutiveFailures: settings.disableAfterFailures,
        addressCheck: settings.allowPrivate
          ? 'OFF on this server (local testing): webhooks may reach private addresses.'
          : 'Every connection resolves the host again and refuses private, loopback, link-local, unique-local, multicast, unspecified and cloud-metadata addresses.',
        tls: 'Certificates are verified against the platform\'s trusted authorities.',
      },
      limits: {
        maxActiveSubscriptions: limits.maxSubscriptions,
        maxActiveSubscriptionsPerHost: limits.maxSubscriptionsPerHost,
        registrationsPerHourPerAddress: limits.registrationsPerHour,
        addressNote: 'Registrations are counted per client address; an IPv6 address by its /64.',
        testDeliveriesPerMinutePerSubscription: limits.testsPerMinute,
        maxBodyBytes: limits.maxBodyBytes,
        maxUrlLength: MAX_URL_LENGTH,
      },
      licence: LICENCE,
    };
  },
});

export const createWebhookRoute = defineWriteRoute({
  path: '/webhooks',
  method: 'POST',
  operationId: 'create_webhook',
  summary: 'Register a change-notification webhook; answers the subscription and its signing secret (shown once)',
  description:
    'Body `{"url": "https://…", "events": ["data.updated", "status.degraded"]}` (events optional: all when absent). The url must be ' +
    'https and resolve only to public addresses. 201 with `Location` on creation; with `sandbox=true`, 200 and nothing is stored or ' +
    'delivered. Validation failures answer 400 (`missing_parameter`, `invalid_parameter`, `unknown_value` with `available`); a body ' +
    'over the limit 413 (with `Connection: close`) and a body that is not JSON 415, both with code `invalid_parameter`. Past the ' +
    'registrations allowed per address, or with the service or the target host at its maximum of active subscriptions, 429 `rate_limited`.',
  parameters: [SANDBOX],
  requestBody: { schema: WebhookRegistration, description: 'The https url to deliver to and the events wanted' },
  responseSchema: WebhookCreated,
  successStatuses: { 201: 'Created: the subscription and its secret (shown only here)', 200: 'sandbox=true: validated, nothing stored' },
  errorStatuses: [400, 413, 415],
  cache: 'live',
  async handle({ event, query, app }) {
    const sandbox = readBoolean(query.sandbox, 'sandbox');
    const webhooks = app.webhooks;
    await webhooks.countUse('registration', getAddressBlock(getClientAddress(event, app.trustProxy)));
    const registration = await webhooks.register(parseRegistration(await readJsonBody(event, webhooks.limits.maxBodyBytes)), sandbox);
    const body = {
      ...registration,
      note: sandbox
        ? 'Sandbox: validated only. Nothing was stored and nothing will be delivered; this id and secret authorise nothing.'
        : 'Keep the secret now: it is shown only in this answer. It signs every delivery and authorises GET, DELETE and test on this subscription.',
      licence: LICENCE,
    };
    if (sandbox) return { status: 200, body };
    return { status: 201, body, headers: { location: `${API_BASE}/webhooks/${registration.subscription.id}` } };
  },
});

export const getWebhookRoute = defineRoute({
  path: '/webhooks/{id}',
  operationId: 'get_webhook',
  summary: 'A webhook subscription: its status, events, failure count and last delivery (needs its secret)',
  description:
    'Needs `Authorization: Bearer <secret>` (the secret POST /webhooks answered once). An unknown id and a wrong or missing secret both answer 404 `not_found`, so ids cannot be probed.',
  parameters: [ID],
  security: 'webhook-secret',
  responseSchema: WebhookSubscriptionResponse,
  errorStatuses: [404],
  cache: 'live',
  async handle({ event, params, app }) {
    return { subscription: await app.webhooks.read(params.id ?? '', readBearer(event)), licence: LICENCE };
  },
});

export const deleteWebhookRoute = defineWriteRoute({
  path: '/webhooks/{id}',
  method: 'DELETE',
  operationId: 'delete_webhook',
  summary: 'Delete a webhook subscription (needs its secret); deliveries to it stop',
  description:
    'Needs `Authorization: Bearer <secret>`. Answers 204 with no body; deliveries stop at once. An unknown id and a wrong or missing secret both answer 404 `not_found`.',
  parameters: [ID],
  security: 'webhook-secret',
  // Required by the route type; unused, as the only success (204) has no body.
  responseSchema: WebhookSubscriptionResponse,
  successStatuses: { 204: 'Deleted' },
  errorStatuses: [404],
  cache: 'live',
  async handle({ event, params, app }) {
    await app.webhooks.remove(params.id ?? '', readBearer(event));
    return { status: 204, body: null };
  },
});

export const testWebhookRoute = defineWriteRoute({
  path: '/webhooks/{id}/test',
  method: 'POST',
  operationId: 'test_webhook',
  summary: 'Send a real signed delivery with test: true to the subscription now and answer its outcome (needs its secret)',
  description:
    'One attempt, no retries, not counted towards disabling. The answer is 200 whatever the receiver said: `delivery.ok`, ' +
    '`delivery.status` and `delivery.error` report it.',
  parameters: [ID],
  security: 'webhook-secret',
  responseSchema: WebhookTestResult,
  successStatuses: { 200: 'The delivery was attempted; its outcome is in `delivery`' },
  errorStatuses: [404],
  cache: 'live',
  async handle({ event, params, app, dataSet }) {
    const id = params.id ?? '';
    const secret = readBearer(event);
    await app.webhooks.read(id, secret);
    await app.webhooks.countUse('test', id);
    const result = await app.webhooks.test(id, secret, dataSet);
    return { status: 200, body: { ...result, licence: LICENCE } };
  },
});
