import { startTransition, useState, type FormEventHandler, type ReactNode } from 'react';
import { Button, Collapse, Group, Paper, SimpleGrid, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustments, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useForm, type FormValidateInput } from '@mantine/form';
import { dateRangeRules } from '../lib/search-filters.ts';

type DatedFilters = { service_from: string; service_to: string; submitted_from: string; submitted_to: string };
/** The labels the list shows its four dates with (its messages name them). */
export type DatedFilterLabels = Record<keyof DatedFilters, string>;

/**
 * The form of a list's filters with a service period and a submission period (each checked: real
 * dates, the end not before the start), and what `SearchFilterForm` needs to search with it and
 * to clear it back to `empty` (which searches at once).
 */
export function useDatedFilterForm<T extends DatedFilters>(initial: T, empty: () => T, onSearch: (values: T) => void, labels: DatedFilterLabels) {
  const { t } = useTranslation('common');
  const form = useForm<T>({
    initialValues: initial,
    validate: {
      ...dateRangeRules('service_from', 'service_to', { from: labels.service_from, to: labels.service_to }),
      ...dateRangeRules('submitted_from', 'submitted_to', { from: labels.submitted_from, to: labels.submitted_to }),
    } as FormValidateInput<T>,
  });
  const clear = () => {
    const cleared = empty();
    form.setValues(cleared);
    onSearch(cleared);
  };
  return { form, any: { value: '', label: t('filters.any') }, frame: { onSubmit: form.onSubmit(onSearch), onClear: clear } };
}

/**
 * The frame of a list's search: the fields in a grid, the seldom-used ones behind "more filters"
 * (open from the start when one of them is set), then search and clear. The list screens keep
 * their filters in the address; this only lays them out. On a phone the list comes first: the
 * whole form sits behind one "show filters" button and is made when first opened.
 */
export function SearchFilterForm({
  label,
  onSubmit,
  onClear,
  more,
  moreInitiallyOpen = false,
  footer,
  children,
}: {
  /** The search landmark's name (e.g. 「予約の検索条件」). */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClear: () => void;
  more?: ReactNode;
  moreInitiallyOpen?: boolean;
  /** Below the grids, above the buttons (a switch that narrows the whole list, say). */
  footer?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(moreInitiallyOpen);
  // The detailed filters are made the first time they are opened, then kept: a list's first paint
  // does not pay for fields most visits never open, and closing and opening again costs nothing.
  const [made, setMade] = useState(moreInitiallyOpen);
  // The button answers the click at once; the fields are made and shown in a transition (a dozen
  // inputs took 180-210 ms of a 4× slower CPU in the click's own task, before anything changed).
  const [pressed, setPressed] = useState(moreInitiallyOpen);
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${parseFloat(theme.breakpoints.xs) - 0.01}em)`, undefined, { getInitialValueInEffect: false });
  const [formShown, setFormShown] = useState(false);
  const [formMade, setFormMade] = useState(false);
  const grid = { cols: { base: 1, xs: 2, md: 4 }, spacing: 'sm' } as const;
  const toggle = phone && (
    <Button
      variant="default"
      fullWidth
      leftSection={<IconSearch size={16} aria-hidden />}
      aria-expanded={formShown}
      onClick={() => {
        setFormMade(true);
        setFormShown((shown) => !shown);
      }}
    >
      {formShown ? t('filters.hide') : t('filters.show')}
    </Button>
  );
  if (phone && !formMade) {
    return (
      <Paper withBorder p="sm" mb="md">
        {toggle}
      </Paper>
    );
  }
  return (
    <Paper withBorder p={phone ? 'sm' : 'md'} mb="md">
      {toggle}
      <form role="search" aria-label={label} onSubmit={onSubmit} noValidate hidden={phone && !formShown} style={phone ? { marginTop: 'var(--mantine-spacing-sm)' } : undefined}>
        <SimpleGrid {...grid}>{children}</SimpleGrid>
        {more && (
          // Once made, kept mounted and only not displayed while closed (not an Activity): opening again
          // shows the fields instead of setting up every input's effects at the click.
          <Collapse expanded={open} keepMountedMode="display-none">
            {made && (
              <SimpleGrid {...grid} mt="sm">
                {more}
              </SimpleGrid>
            )}
          </Collapse>
        )}
        {footer}
        <Group gap="xs" mt="md">
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            {t('actions.search')}
          </Button>
          <Button variant="default" onClick={onClear}>
            {t('actions.clear')}
          </Button>
          {more && (
            <Button
              variant="subtle"
              leftSection={<IconAdjustments size={16} aria-hidden />}
              onClick={() => {
                const next = !pressed;
                setPressed(next);
                startTransition(() => {
                  setMade(true);
                  setOpen(next);
                });
              }}
              aria-expanded={pressed}
            >
              {pressed ? t('filters.less') : t('filters.more')}
            </Button>
          )}
        </Group>
      </form>
    </Paper>
  );
}
