import { useSearchParams } from 'react-router';
import { useServiceTerms } from '../api/get-service-terms.ts';

/** The term chosen in the address (`?term=`), else the current one. */
export function useChosenTerm() {
  const terms = useServiceTerms();
  const [params, setParams] = useSearchParams();
  const list = terms.data?.service_terms ?? [];
  const wanted = Number(params.get('term'));
  const term = list.find((x) => x.serviceTermId === wanted) ?? list.find((x) => x.is_current);
  const choose = (id: number) => setParams({ term: String(id) });
  return { terms: list, term, choose, isLoading: terms.isLoading };
}
