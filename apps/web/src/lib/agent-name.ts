/** Agents' and branches' names on screen: the English name in English when one is registered, else the Japanese name. */
import { useTranslation } from 'react-i18next';

/** `en` in English when it is not blank, else `ja` (never null: an absent name is ''). */
export function agentLabel(ja: string | null | undefined, en: string | null | undefined, language: string): string {
  if (language.startsWith('en') && en?.trim()) return en.trim();
  return ja ?? '';
}

/** `agentLabel` in the page's language: `const agentName = useAgentName(); agentName(row.agent_name, row.agent_name_en)`. */
export function useAgentName(): (ja: string | null | undefined, en: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'ja';
  return (ja, en) => agentLabel(ja, en, language);
}

type Named = { id: number; name_ja: string; name_en: string };

/** A select's data of agents or branches, each named in the page's language: `const options = useAgentSelectData(); options(agents)`. */
export function useAgentSelectData(): (items: readonly Named[]) => { value: string; label: string }[] {
  const agentName = useAgentName();
  return (items) => items.map((item) => ({ value: String(item.id), label: agentName(item.name_ja, item.name_en) }));
}
