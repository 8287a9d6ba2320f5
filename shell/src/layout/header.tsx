import styled from 'styled-components';

export function Header() {
  return (
    <Bar>
      <Logo href="/admin/dashboard/webhooks" aria-label="OutSync home">
        Out<span>Sync</span>
      </Logo>
    </Bar>
  );
}

const Bar = styled.header`
  height: ${({ theme }) => theme.layout.headerHeight};
  display: flex;
  align-items: center;
  padding: 0 ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.colors.headerBg};
  color: ${({ theme }) => theme.colors.headerInk};
`;

const Logo = styled.a`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: 800;
  letter-spacing: 0.02em;
  color: inherit;
  text-decoration: none;
  span {
    color: #a5b4fc;
  }
`;
