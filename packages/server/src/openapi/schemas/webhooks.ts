// Change notification: registration, subscriptions, deliveries, and what is POSTed to a subscriber.

import { SERVICE_EVENTS } from '../../events.ts';
import { SUBSCRIPTION_STATUSES } from '../../webhooks/subscription.ts';
import { always, arrayOf, boolean, component, dateTime, integer, mapOf, nullable, number, oneOfStrings, optional, ref, text, Type } from './declare.ts';
import { Licence } from './common.ts';

const EventName = oneOfStrings(SERVICE_EVENTS);

export const WebhookRegistration = component(
  'WebhookRegistration',
  Type.Object(
    {
      url: Type.String({ format: 'uri', maxLength: 2048, description: 'https; its host must resolve only to public addresses; redirects are not followed' }),
      events: optional(Type.Array(EventName, { minItems: 1, description: 'The events to receive; all of them when absent' })),
    },
    { additionalProperties: false },
  ),
);

export const WebhookDelivery = component(
  'WebhookDelivery',
  Type.Object({
    at: dateTime('When the last attempt ended'),
    eventId: text('The payload `id` (evt_…)'),
    event: EventName,
    test: boolean(),
    ok: boolean('True when an attempt was answered 2xx'),
    attempts: integer('Attempts made: 1, plus up to 3 retries'),
    status: nullable(integer('HTTP status of the last attempt; null when no answer came')),
    error: optional(text('Why the last attempt failed')),
  }),
);

export const WebhookSubscription = component(
  'WebhookSubscription',
  Type.Object({
    id: text('wh_…'),
    url: text('The https URL deliveries are posted to'),
    status: oneOfStrings(SUBSCRIPTION_STATUSES, '`active` on creation; `disabled` after 10 consecutive failed deliveries'),
    events: arrayOf(EventName),
    created: dateTime('When the subscription was registered'),
    consecutiveFailures: integer('Failed deliveries since the last successful one (test deliveries not counted)'),
    lastDelivery: Type.Union([ref(WebhookDelivery), Type.Null()], { description: 'The last delivery attempted; null before the first' }),
    disabledAt: nullable(dateTime()),
  }),
);

export const WebhookCreated = component(
  'WebhookCreated',
  Type.Object({
    subscription: ref(WebhookSubscription),
    secret: Type.String({ pattern: '^whsec_', description: 'Signs every delivery and authorises this subscription; shown only in this answer' }),
    sandbox: boolean('True when nothing was stored (sandbox=true)'),
    note: text(),
    licence: ref(Licence),
  }),
);

export const WebhookSubscriptionResponse = component(
  'WebhookSubscriptionResponse',
  Type.Object({ subscription: ref(WebhookSubscription), licence: ref(Licence) }),
);

export const WebhookTestResult = component(
  'WebhookTestResult',
  Type.Object({ subscription: ref(WebhookSubscription), delivery: ref(WebhookDelivery), licence: ref(Licence) }),
);

export const WebhookDescription = component(
  'WebhookDescription',
  Type.Object({
    events: arrayOf(Type.Object({ name: EventName, description: text() })),
    registration: Type.Object(
      {
        method: always('POST'),
        url: text(),
        contentType: text(),
        body: mapOf(Type.String(), 'Each member of the request body and its rule'),
        sandbox: text(),
        response: text(),
        credential: text(),
      },
      { description: 'How to register' },
    ),
    subscription: Type.Object({
      read: text(),
      delete: text(),
      test: text(),
      authorization: text(),
      statuses: arrayOf(text()),
      statusNote: optional(text()),
    }),
    payload: Type.Object({ fields: mapOf(Type.String(), 'Each member of a delivery body and what it holds') }),
    signature: Type.Object({
      header: text('The header carrying the signature (X-Service-Signature)'),
      format: text(),
      algorithm: always('HMAC-SHA256'),
      key: text(),
      signed: text(),
      note: optional(text()),
    }),
    delivery: Type.Object({
      method: always('POST'),
      contentType: optional(text()),
      headers: optional(arrayOf(text())),
      success: optional(text()),
      timeoutSeconds: number(),
      redirects: text(),
      retries: integer(),
      retryDelaysSeconds: arrayOf(number()),
      disableAfterConsecutiveFailures: integer(),
      addressCheck: optional(text()),
      tls: optional(text()),
    }),
    limits: Type.Object({
      maxActiveSubscriptions: integer(),
      maxActiveSubscriptionsPerHost: optional(integer('Active subscriptions whose url names one host, at most')),
      registrationsPerHourPerAddress: integer(),
      addressNote: optional(text()),
      testDeliveriesPerMinutePerSubscription: integer(),
      maxBodyBytes: integer(),
      maxUrlLength: integer(),
    }),
    licence: ref(Licence),
  }),
);

// What the service POSTs to a subscription url (the document's top-level `webhooks`).

export const WebhookDataUpdated = component(
  'WebhookDataUpdated',
  Type.Object({
    dataVersion: text('The data version now served'),
    previousDataVersion: text('The data version it replaced (equal to dataVersion on a test delivery)'),
    builtAt: dateTime('When the new build was switched in (its manifest.json time)'),
    bundleGenerated: dateTime('When the data was generated: /changelog bundleGenerated, the timestamp to cite or cache on'),
    note: optional(text('Only on a test delivery: says that nothing changed')),
  }),
);

export const WebhookStatusDegraded = component(
  'WebhookStatusDegraded',
  Type.Object({
    status: always(
      'degraded',
      'Always `degraded`: the state this event announces for the server process that sent it, not a copy of /status. A failed live ' +
        'check makes /status report `degraded` too; a lost optional dataset leaves /status at `ok` while its endpoint answers 503.',
    ),
    failing: arrayOf(
      Type.Object({
        name: text('A live check (`verses`, `scriptureSearch`, `memory`, `checks` when they could not run) or an optional dataset (`interlinear`, `connections`)'),
        detail: text('What it said'),
      }),
      'What failed; empty on a test delivery',
    ),
    note: optional(text('Only on a test delivery: says that nothing changed')),
  }),
);

const payloadMembers = {
  id: Type.String({ pattern: '^evt_', description: "The event id: the same on every retry and in every subscriber's copy; drop duplicates on it" }),
  test: boolean('True only for POST /webhooks/{id}/test deliveries'),
  subscription: Type.String({ pattern: '^wh_', description: 'The subscription id' }),
};

export const WebhookPayloadDataUpdated = component(
  'WebhookPayloadDataUpdated',
  Type.Object({
    ...payloadMembers,
    event: always('data.updated'),
    time: dateTime('When the event was dispatched'),
    data: ref(WebhookDataUpdated),
  }),
);

export const WebhookPayloadStatusDegraded = component(
  'WebhookPayloadStatusDegraded',
  Type.Object({
    ...payloadMembers,
    event: always('status.degraded'),
    time: dateTime('When the sample that turned degraded was taken'),
    data: ref(WebhookStatusDegraded),
  }),
);
