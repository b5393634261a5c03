/**
 * The component schemas of what every successful answer carries beside its data fields: the output
 * format, caveats, next steps, meta, and the two envelopes (`format: "llm"` and the generic one).
 */
import { FORMATS } from '../../registry/fields.js';
import { ref, type Json } from './json.js';

/** Fresh objects on every call: a caller may change its document without changing the next one. */
export function envelopeSchemas(): Record<'OutputFormat' | 'Caveat' | 'NextStep' | 'Meta' | 'LlmEnvelope' | 'Envelope', Json> {
  return {
    OutputFormat: {
      type: 'string',
      enum: [...FORMATS],
      default: 'json',
      description: 'json = typed fields; llm = short markdown briefing; both = JSON plus an llm_summary field',
    },
    Caveat: {
      type: 'object',
      description: 'A data leg that degraded, or any other fact the caller must keep with the answer. In sandbox mode always includes `{code: "sandbox_data"}`.',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', examples: ['leg_degraded', 'sandbox_data'] },
        leg: { type: 'string', description: 'The data source (leg) concerned, when any.', examples: ['price_aggregator'] },
        message: { type: 'string' },
      },
      additionalProperties: false,
    },
    NextStep: {
      type: 'object',
      description: 'A suggested follow-up call, callable exactly as given.',
      required: ['endpoint', 'input', 'reason'],
      properties: {
        endpoint: { type: 'string', description: 'Endpoint key (`POST /entrypoints/{endpoint}/invoke`).' },
        input: { type: 'object', additionalProperties: true, description: 'Body to send.' },
        reason: { type: 'string' },
      },
      additionalProperties: false,
    },
    Meta: {
      type: 'object',
      required: ['endpoint', 'request_id', 'served_at', 'data_mode', 'cache', 'version'],
      properties: {
        endpoint: { type: 'string' },
        request_id: { type: 'string' },
        served_at: { type: 'string', format: 'date-time' },
        data_mode: { type: 'string', enum: ['sandbox', 'live'] },
        cache: {
          type: 'object',
          required: ['hit', 'age_s', 'ttl_s'],
          properties: {
            hit: { type: 'boolean' },
            age_s: { type: 'number', minimum: 0 },
            ttl_s: { type: 'number', minimum: 0 },
          },
          additionalProperties: false,
        },
        version: { type: 'string', description: 'Service version.' },
      },
      additionalProperties: false,
    },
    LlmEnvelope: {
      type: 'object',
      description: 'Answer for `format: "llm"`: a short deterministic markdown briefing.',
      required: ['briefing', 'caveats', 'next_steps', 'meta'],
      properties: {
        briefing: { type: 'string', description: 'Markdown briefing.' },
        caveats: { type: 'array', items: ref('Caveat') },
        next_steps: { type: 'array', items: ref('NextStep') },
        meta: ref('Meta'),
      },
      additionalProperties: false,
    },
    Envelope: {
      type: 'object',
      description: 'The fields every successful JSON answer carries beside its data fields.',
      required: ['caveats', 'next_steps', 'meta'],
      properties: {
        caveats: { type: 'array', items: ref('Caveat') },
        next_steps: { type: 'array', items: ref('NextStep') },
        meta: ref('Meta'),
        llm_summary: { type: 'string', description: 'Only with `format: "both"`.' },
      },
    },
  };
}
