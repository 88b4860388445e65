// The server's change events: what the webhook dispatcher tells subscribers about. The data holder
// (hot swap) emits `data.updated`; the status monitor emits `status.degraded`. Emitting never throws
// into the emitter and never waits for listeners.

export const SERVICE_EVENTS = ['data.updated', 'status.degraded'] as const;
export type ServiceEventName = (typeof SERVICE_EVENTS)[number];

export interface DataUpdatedData {
  /** The data version now served, and the one it replaced. */
  readonly dataVersion: string;
  readonly previousDataVersion: string;
  /** When the new build switched dist/manifest.json over. */
  readonly builtAt: string;
  /** When the data was generated (ingested): `/changelog` `bundleGenerated`, the timestamp to cite or cache on. */
  readonly bundleGenerated: string;
}

export interface StatusDegradedData {
  /**
   * Always `degraded`: the state this event announces for the process that sent it, not a copy of
   * `/status`'s field. When a live check failed, `/status` reports `degraded` too; when the cause is an
   * optional dataset that is no longer available, `/status` keeps `ok` (an unbuilt dataset is a steady
   * state there, shown in its `datasets` block) while that dataset's endpoint now answers 503.
   */
  readonly status: 'degraded';
  /** The live checks or datasets that failed, by name, with what each said. */
  readonly failing: ReadonlyArray<{ readonly name: string; readonly detail: string }>;
}

export interface ServiceEventData {
  readonly 'data.updated': DataUpdatedData;
  readonly 'status.degraded': StatusDegradedData;
}

export type ServiceEventListener = <E extends ServiceEventName>(event: E, data: ServiceEventData[E]) => void;

export interface ServiceEvents {
  emit<E extends ServiceEventName>(event: E, data: ServiceEventData[E]): void;
  /** Returns the function that removes the listener. */
  on(listener: ServiceEventListener): () => void;
}

export function createServiceEvents(logError: (message: string, error: unknown) => void = console.error): ServiceEvents {
  const listeners = new Set<ServiceEventListener>();
  return {
    emit(event, data) {
      for (const listener of listeners) {
        try {
          listener(event, data);
        } catch (error) {
          logError(`a listener of ${event} failed`, error);
        }
      }
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
