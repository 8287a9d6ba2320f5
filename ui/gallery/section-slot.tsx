import { Component, Suspense, useLayoutEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { Spinner, theme } from '@outsync/ui';
import type { GallerySection } from './gallery-sections';

/**
 * One section in the page: the anchor the contents link to, reporting the section's <h2> as its
 * title. A section that throws shows its error in place; the rest of the gallery stays usable.
 */
export function SectionSlot({
  section,
  onTitle,
}: {
  section: GallerySection;
  onTitle: (name: string, title: string) => void;
}) {
  const slot = useRef<HTMLDivElement>(null);
  const { name, Component: Section } = section;
  useLayoutEffect(() => {
    const title = slot.current?.querySelector('h2')?.textContent?.trim();
    if (title) onTitle(name, title);
  });

  return (
    <Slot id={name} ref={slot} data-gallery-section={name}>
      <SectionErrorBoundary name={name}>
        <Suspense fallback={<Spinner label={`Loading the ${name} section`} />}>
          <Section />
        </Suspense>
      </SectionErrorBoundary>
    </Slot>
  );
}

class SectionErrorBoundary extends Component<
  { name: string; children: ReactNode },
  { error: Error | null }
> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Failure role="alert">
        <strong>ui/gallery/sections/{this.props.name}.tsx failed to render</strong>
        <p>{this.state.error.message}</p>
      </Failure>
    );
  }
}

const Slot = styled.div`
  /* The sticky header must not cover a section's heading when the contents jump to it. */
  scroll-margin-top: calc(${theme.layout.headerHeight} + 16px);

  & > section > h2 {
    margin: 0 0 ${theme.space(4)};
    padding-bottom: ${theme.space(2)};
    border-bottom: 1px solid ${theme.colors.border};
    font-size: ${theme.font.size.xl};
  }
`;

const Failure = styled.div`
  padding: ${theme.space(4)};
  border: 1px solid ${theme.colors.danger};
  border-radius: ${theme.radius};
  background: ${theme.colors.dangerBg};
  color: ${theme.colors.ink};
`;
