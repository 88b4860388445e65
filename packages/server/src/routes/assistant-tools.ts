// The names of the assistant-tool interface (spec, `/openapi.json`: "Operation names match the names of
// the separate assistant-tool interface"). Each is the operationId of one GET route; the service index
// lists those whose route exists, with the method and path that answer it.

export const ASSISTANT_TOOLS = [
  'search',
  'search_scripture',
  'get_passage',
  'get_interlinear',
  'find_cross_references',
  'get_connections',
  'get_entity',
  'get_family',
  'find_places_near',
  'get_graph_neighborhood',
  'list_documents',
  'get_stats',
  'get_vocabulary',
  'get_tags',
  'get_changelog',
] as const;

export type AssistantToolName = (typeof ASSISTANT_TOOLS)[number];
