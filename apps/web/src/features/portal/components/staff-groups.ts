import type { AgentGroupResponse } from '@sagano/domain/agents/agent-schemas';
import { agentLabel } from '../../../lib/agent-name.ts';

export type StaffGroup = Pick<AgentGroupResponse, 'id' | 'is_root' | 'name_ja' | 'name_en'>;

/** The head office first, then the branches in the server's order. */
export function sortGroups<G extends StaffGroup>(groups: readonly G[]): G[] {
  return [...groups].sort((a, b) => Number(b.is_root) - Number(a.is_root));
}

/** How the head office is called on screen: the word, and a name with the word added. */
export type HeadOfficeWords = { word: string; named: (name: string) => string };

/**
 * A group's name in the screen's language (Japanese when there is no English one); the head
 * office says so, unless its name already does (「京都さくら旅行 本社」).
 */
export function groupName(group: StaffGroup, language: string, headOffice?: HeadOfficeWords): string {
  const name = agentLabel(group.name_ja, group.name_en, language);
  if (!group.is_root || !headOffice || name.toLowerCase().includes(headOffice.word.toLowerCase())) return name;
  return headOffice.named(name);
}
