/**
 * A caveat: the non-fatal counterpart of an error. An answer that is partial or rests on weaker data says
 * so in `caveats` (codes such as `leg_degraded`, `leg_failed`, `items_skipped`; docs/sources.md, 'Lists are
 * validated per item' and 'How endpoints use legs'). Defined here, below the sources and the registry,
 * because data sources raise caveats too.
 */
export interface Caveat {
  code: string;
  leg?: string;
  message: string;
}
