import styled from 'styled-components';

/** Form fields side by side, as many as fit, each at least 240px wide (or the whole width). */
export const FieldGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(240px, 100%), 1fr));
  gap: ${({ theme }) => theme.space(4)};
  align-items: start;
`;

/** A form's buttons, at its end. */
export const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;
