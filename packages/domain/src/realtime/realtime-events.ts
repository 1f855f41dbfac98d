/**
 * Live updates (DESIGN §8 Realtime): thin events that say what changed, never the data. A screen
 * that shows the thing refetches it through its own query (with the caller's own access rules),
 * so an event can never leak data; its rooms only decide who is told to look again.
 */
export type RealtimeEvent =
  | { type: 'booking.changed'; booking_id: string; revision: number }
  | { type: 'notification.changed'; category: 'booking' | 'payment' }
  | { type: 'message.changed'; message_id: number }
  | { type: 'approval.changed'; approval_id: number }
  /** An agent settlement was billed or its monthly payment confirmed (its branches' shares with it). */
  | { type: 'settlement.changed'; agent_settlement_id: number };

export type RealtimeEventType = RealtimeEvent['type'];

/**
 * Who is told: the back office (operator staff, station staff), an agent's head office (every
 * branch's data), one branch, or every signed-in user (dashboard articles). Rooms come from the
 * principal on the server, never from the query string.
 */
export type Room = 'operator' | 'everyone' | `agent:${number}` | `branch:${number}`;

/** The rooms of something that belongs to a booking's agent and branch: the operator sees it too. */
export function roomsOfAgentData(owner: { agentId: number; agentSubGroupId: number }): Room[] {
  return ['operator', `agent:${owner.agentId}`, `branch:${owner.agentSubGroupId}`];
}

/** Who is told about a notification: the operator's side (ADMIN), or the booking's agent and branch (AGENT). */
export function roomsOfNotification(audience: 'ADMIN' | 'AGENT', owner: { agentId: number; agentSubGroupId: number } | null): Room[] {
  if (audience === 'ADMIN' || owner === null) return ['operator'];
  return [`agent:${owner.agentId}`, `branch:${owner.agentSubGroupId}`];
}

/**
 * What the event stream (GET /v1/events) sends besides the events: `ready` carries the stream's
 * position as its id when it opens; `resync` says the client may have missed events (an unknown
 * or too old Last-Event-ID, or a lost listening connection) and should refetch everything live.
 */
export type RealtimeStreamEvent = RealtimeEvent | { type: 'ready' } | { type: 'resync' };
