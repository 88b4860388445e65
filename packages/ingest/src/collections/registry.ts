// The collections an ingest builds, in order, and every pinned file they read together.

import type { Collection } from './collection.ts';
import { commandmentsCollection } from './commandments.ts';
import { crossReferencesCollection } from './cross-references.ts';
import { datasetsCollection } from './datasets.ts';
import { lexemesCollection } from './lexemes.ts';
import { epochsCollection } from './epochs.ts';
import { eventsCollection } from './events.ts';
import { interlinearCollection } from './interlinear.ts';
import { peopleCollection } from './people.ts';
import { placesCollection } from './places.ts';
import { relationsSchemaCollection } from './relations-schema.ts';
import { scriptureCollection } from './scripture.ts';
import { themesCollection } from './themes.ts';
import { translationsCollection } from './translations.ts';

export const COLLECTIONS: readonly Collection[] = [
  scriptureCollection,
  peopleCollection,
  placesCollection,
  eventsCollection,
  epochsCollection,
  relationsSchemaCollection,
  themesCollection,
  lexemesCollection,
  commandmentsCollection,
  crossReferencesCollection,
  interlinearCollection,
  datasetsCollection,
  translationsCollection,
];

/** Every pinned file (or folder prefix) the ingest reads: what `checkSources` checks by default. */
export const INGEST_NEEDS: readonly string[] = COLLECTIONS.flatMap((collection) => collection.needs);
