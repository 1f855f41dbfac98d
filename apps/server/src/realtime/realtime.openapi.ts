/** The contract of the live-update stream (ADR 014): GET /v1/events, server-sent events. */
import { defineArea, type AreaContract } from '../plugins/openapi-contract.ts';

const STREAM_EXAMPLE = [
  'retry: 3000',
  '',
  'id: 5f2c9a01be47.41',
  'data: {"type":"ready"}',
  '',
  'id: 5f2c9a01be47.42',
  'data: {"type":"booking.changed","booking_id":"15189260","revision":7}',
  '',
  'id: 5f2c9a01be47.43',
  'data: {"type":"notification.changed","category":"payment"}',
  '',
  ': heartbeat',
  '',
  '',
].join('\n');

export const realtimeContract: AreaContract[] = [defineArea('realtime', 'Live updates: one server-sent event stream per signed-in caller saying what changed, never the data itself.', {
  'GET /v1/events': {
    id: 'realtime.streamEvents',
    summary: 'Follow live updates',
    description: [
      'A `text/event-stream` (server-sent events) that stays open and tells the caller what changed, so a screen (or an agent\'s system) refetches it through its own calls instead of polling. Events carry ids and types, never data: what is told is only what the caller\'s own reads would show (the operator\'s staff hear about every booking, an agent\'s head office about its agent\'s, a branch about its own branch\'s).',
      '',
      'Every event is a `data:` line holding one JSON object; its `type` says what it is:',
      '',
      '- `ready`: the stream is open; its `id` is the stream\'s position, to resume from.',
      '- `booking.changed` (`booking_id`, `revision`): the booking changed (a step, its seats, payments or settlement); read it again with `bookings.get`.',
      '- `notification.changed` (`category`: `booking` or `payment`): the inbox of that category changed; read the list or `notifications.countUnread` again.',
      '- `message.changed` (`message_id`): a dashboard article was written, changed, reordered or deleted.',
      '- `approval.changed` (`approval_id`): an approval request was made, decided or applied (the back office only).',
      '- `settlement.changed` (`agent_settlement_id`): an agent settlement was billed or its monthly payment confirmed; read the settlements again (the back office, the agent and its billed branches).',
      '- `resync`: events may have been missed (an unknown or too old `Last-Event-ID`, or the server lost its own feed): refetch everything you show.',
      '',
      'Lines starting with `:` are heartbeats (every 25 s); ignore them. To resume after a disconnection, reconnect with the last `id` you received in the `Last-Event-ID` header (or `?last_event_id=`): the server replays the events you missed, from its last 1000, or sends `resync`. The stream ends when the session signs out, expires or goes idle (followed with an API key: when the key is revoked), and when the server shuts down; the first frame (`retry: 3000`) asks clients to wait 3 s before reconnecting.',
    ].join('\n'),
    media: {
      response: {
        description: 'The event stream (it stays open).',
        content: {
          'text/event-stream': {
            schema: { type: 'string', description: 'Server-sent events: `id:` and `data:` lines (the data a JSON object with its `type`), blank-line separated; `:` lines are heartbeats.' },
            example: STREAM_EXAMPLE,
          },
        },
      },
      headers: [{
        name: 'Last-Event-ID',
        description: 'The `id` of the last event received, to resume from (browsers send it on their own reconnects). Preferred to `last_event_id` when both are sent.',
        schema: { type: 'string', maxLength: 100 },
        example: '5f2c9a01be47.42',
      }],
    },
  },
})];
