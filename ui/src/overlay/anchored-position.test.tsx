import { fireEvent, render, screen } from '@testing-library/react';
import { UiProvider } from '../ui-provider';
import { placeAnchored } from './anchored-position';
import { Tooltip } from './tooltip';

const viewport = { width: 1440, height: 900 };
const tip = { width: 240, height: 60 };

describe('placeAnchored', () => {
  test('centres a tip above its trigger where it fits', () => {
    const anchor = { left: 700, top: 400, width: 20, height: 20 };
    expect(placeAnchored(anchor, tip, viewport, { side: 'top', gap: 6 })).toMatchObject({
      side: 'top',
      top: 400 - 6 - 60,
      left: 710 - 120,
    });
  });

  test('shifts a tip right of the viewport’s left edge (the owner tooltip in the first column)', () => {
    const anchor = { left: 30, top: 400, width: 20, height: 20 };
    const placed = placeAnchored(anchor, tip, viewport, { side: 'top', margin: 8 });
    expect(placed.left).toBe(8);
    expect(placed.side).toBe('top');
  });

  test('shifts it left of the right edge', () => {
    const anchor = { left: 1420, top: 400, width: 16, height: 16 };
    const placed = placeAnchored(anchor, tip, viewport, { side: 'bottom', margin: 8 });
    expect(placed.left + tip.width).toBe(1440 - 8);
  });

  test('flips to the other side when the preferred one has no room and the other has more', () => {
    const nearTop = { left: 700, top: 20, width: 20, height: 20 };
    expect(placeAnchored(nearTop, tip, viewport, { side: 'top', gap: 6 })).toMatchObject({
      side: 'bottom',
      top: 46,
    });
    const nearRight = { left: 1380, top: 400, width: 20, height: 20 };
    expect(placeAnchored(nearRight, tip, viewport, { side: 'right' }).side).toBe('left');
  });

  test('a menu starts at the field’s left edge and goes above when the room below is short', () => {
    const field = { left: 400, top: 800, width: 480, height: 40 };
    const menu = { width: 480, height: 200 };
    const placed = placeAnchored(field, menu, viewport, { side: 'bottom', align: 'start', gap: 4 });
    expect(placed).toMatchObject({ side: 'top', left: 400, top: 800 - 4 - 200 });
    expect(placed.available).toBe(800 - 4 - 8);
  });
});

test('a tooltip whose trigger is at the left edge stays inside the viewport', () => {
  render(
    <UiProvider>
      <Tooltip content="Hub Id: 42 · Owner Id: 7 · Owner Email: ada@example.com">
        <button>Owner details</button>
      </Tooltip>
    </UiProvider>,
  );
  const trigger = screen.getByRole('button', { name: 'Owner details' });
  const rect = (left: number, top: number, width: number, height: number) =>
    ({
      left,
      top,
      width,
      height,
      right: left + width,
      bottom: top + height,
      x: left,
      y: top,
    }) as DOMRect;
  const boxes = jest
    .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
    .mockImplementation(function (this: HTMLElement) {
      if (this.getAttribute('role') === 'tooltip') return rect(0, 0, 280, 56);
      if (this.contains(trigger)) return rect(12, 300, 20, 20);
      return rect(0, 0, 0, 0);
    });
  try {
    fireEvent.mouseEnter(trigger);
    const tip = screen.getByRole('tooltip');
    expect(tip.style.left).toBe('8px');
    expect(tip.style.top).toBe(`${300 - 6 - 56}px`);
    expect(tip.dataset.side).toBe('top');
  } finally {
    boxes.mockRestore();
  }
});
