import { useCallback, useState } from 'react';
import styled, { createGlobalStyle } from 'styled-components';
import { UiProvider, type ThemeMode, theme } from '@outsync/ui';
import { gallerySections } from './gallery-sections';
import { GalleryModeContext, initialGalleryMode, rememberGalleryMode } from './gallery-mode';
import { SectionSlot } from './section-slot';

/** The whole gallery page: header with the mode switch, table of contents, every section. */
export function Gallery() {
  const [mode, setMode] = useState<ThemeMode>(initialGalleryMode);
  // Each section's own <h2>, once rendered, so the contents say what the page says.
  const [titles, setTitles] = useState<Record<string, string>>({});
  const rememberTitle = useCallback((name: string, title: string) => {
    setTitles((known) => (known[name] === title ? known : { ...known, [name]: title }));
  }, []);

  const toggleMode = () => {
    const next = mode === 'dark' ? 'light' : 'dark';
    rememberGalleryMode(next);
    setMode(next);
  };

  return (
    <UiProvider mode={mode}>
      <ToastsBelowHeader />
      <GalleryModeContext.Provider value={mode}>
        <Header>
          <Heading>
            <KitName>OutSync UI</KitName>
            <Tagline>Design-system gallery of @outsync/ui</Tagline>
          </Heading>
          <ModeSwitch role="switch" aria-checked={mode === 'dark'} onClick={toggleMode}>
            <Track aria-hidden="true" $on={mode === 'dark'} />
            Dark mode
          </ModeSwitch>
        </Header>
        <Layout>
          <Contents aria-labelledby="gallery-contents">
            <ContentsTitle id="gallery-contents">Contents</ContentsTitle>
            <ol>
              {gallerySections.map((section) => (
                <li key={section.name}>
                  <a href={`#${section.name}`}>{titles[section.name] ?? section.fallbackTitle}</a>
                </li>
              ))}
            </ol>
          </Contents>
          <Main>
            {gallerySections.map((section) => (
              <SectionSlot key={section.name} section={section} onTitle={rememberTitle} />
            ))}
          </Main>
        </Layout>
      </GalleryModeContext.Provider>
    </UiProvider>
  );
}

// The page's own setting of a theme token, as any host sets it: the toasts start below the
// sticky header instead of over its mode switch.
const ToastsBelowHeader = createGlobalStyle`
  :root {
    --outsync-toast-offset-top: calc(
      ${theme.layout.headerHeight} + ${theme.space(4)}
    );
  }
`;

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space(4)};
  height: ${theme.layout.headerHeight};
  padding: 0 ${theme.space(6)};
  background: ${theme.colors.headerBg};
  color: ${theme.colors.headerInk};
`;

const Heading = styled.div`
  display: flex;
  align-items: baseline;
  gap: ${theme.space(3)};
`;

const KitName = styled.h1`
  margin: 0;
  font-size: ${theme.font.size.lg};
`;

const Tagline = styled.p`
  margin: 0;
  font-size: ${theme.font.size.sm};
  opacity: 0.85;
`;

const ModeSwitch = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(2)};
  padding: ${theme.space(1)} ${theme.space(2)};
  border: 0;
  border-radius: ${theme.radius};
  background: transparent;
  color: inherit;
  font: inherit;
  cursor: pointer;
`;

// The header is dark in both modes, so the switch's colours are fixed rather than tokens.
const Track = styled.span<{ $on: boolean }>`
  position: relative;
  width: 36px;
  height: 20px;
  border-radius: 10px;
  background: ${({ $on }) => ($on ? '#6366f1' : '#6b7280')};
  transition: background 120ms;

  &::after {
    content: '';
    position: absolute;
    top: 2px;
    left: ${({ $on }) => ($on ? '18px' : '2px')};
    width: 16px;
    height: 16px;
    border-radius: 50%;
    background: #fff;
    transition: left 120ms;
  }
`;

const Layout = styled.div`
  display: grid;
  grid-template-columns: 220px minmax(0, 1fr);
  align-items: start;
  max-width: 1200px;
  margin: 0 auto;
`;

const Contents = styled.nav`
  position: sticky;
  top: ${theme.layout.headerHeight};
  padding: ${theme.space(6)} ${theme.space(4)};

  ol {
    margin: 0;
    padding: 0;
    list-style: none;
    display: flex;
    flex-direction: column;
    gap: ${theme.space(1)};
  }

  a {
    display: block;
    padding: ${theme.space(1)} ${theme.space(2)};
    border-radius: ${theme.radius};
    color: ${theme.colors.ink};
    text-decoration: none;
  }

  a:hover {
    background: ${theme.colors.surfaceHover};
  }
`;

const ContentsTitle = styled.p`
  margin: 0 0 ${theme.space(2)};
  padding: 0 ${theme.space(2)};
  font-size: ${theme.font.size.sm};
  text-transform: uppercase;
  letter-spacing: 0.05em;
  color: ${theme.colors.inkMuted};
`;

const Main = styled.main`
  padding: ${theme.space(6)};
  display: flex;
  flex-direction: column;
  gap: ${theme.space(8)};
`;
