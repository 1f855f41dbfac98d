/** Mantine's stylesheet as the build cuts it (mantine-styles.ts): CSS only, nothing to import. */
declare module 'virtual:mantine-styles';
