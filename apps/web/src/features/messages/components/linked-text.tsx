import { Anchor, Text, type TextProps } from '@mantine/core';
import { linkSegments } from './link-segments.ts';

/** Plain text with its web addresses as links that open in a new tab, without access to this page. */
export function LinkedText({ text, ...props }: { text: string } & TextProps) {
  return (
    <Text {...props} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {linkSegments(text).map((segment, i) =>
        segment.kind === 'link' ? (
          <Anchor key={i} href={segment.href} target="_blank" rel="noopener noreferrer">
            {segment.text}
          </Anchor>
        ) : (
          segment.text
        ),
      )}
    </Text>
  );
}
