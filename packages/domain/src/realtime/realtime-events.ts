/**
 * Live updates (DESIGN §8 Realtime): thin events that say what changed, never the data. A screen
 * that shows the thing refetches it through its own query (with the caller's own access rules),
 * so an event can never leak data; its rooms only decide who is told to look again.
 */
export type RealtimeEvent =
  | { type: 'booking.changed'; booking_id: string; revision: number }
  | { type: 'notification.changed'; category: 'booking' | 'payment' }
  | { type: 'message.changed'; message_id: number };

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
