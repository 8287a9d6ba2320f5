import { categoryFromEvent, decideCategory, sameCategory } from './category-filter';

const interested = { id: '1', name: 'Interested' };
const meeting = { id: '2', name: 'Meeting Request' };

describe('decideCategory', () => {
  it.each([null, []])('passes every event when the webhook approves all (%p)', (approved) => {
    expect(decideCategory({ approved, current: { kind: 'unknown' } })).toEqual({
      kind: 'pass',
      reason: 'all events',
    });
  });

  it('passes an event of a lead in an approved category', () => {
    expect(
      decideCategory({
        approved: [interested, meeting],
        current: { kind: 'category', id: '2', name: 'Meeting Request' },
      }),
    ).toEqual({ kind: 'pass', reason: 'approved category' });
  });

  it('holds an event of a lead in another category, naming it', () => {
    expect(
      decideCategory({
        approved: [interested],
        current: { kind: 'category', id: '3', name: 'Not Interested' },
      }),
    ).toEqual({ kind: 'hold', categoryName: 'Not Interested' });
  });

  it('names the category by its id when the platform gave no name', () => {
    expect(
      decideCategory({
        approved: [interested],
        current: { kind: 'category', id: '9', name: null },
      }),
    ).toEqual({ kind: 'hold', categoryName: '9' });
  });

  it('holds an event of a lead with no category or an unknown one', () => {
    expect(decideCategory({ approved: [interested], current: { kind: 'none' } })).toEqual({
      kind: 'hold',
      categoryName: null,
    });
    expect(decideCategory({ approved: [interested], current: { kind: 'unknown' } })).toEqual({
      kind: 'hold',
      categoryName: null,
    });
  });
});

describe('sameCategory', () => {
  it('matches by id', () => {
    expect(sameCategory(interested, { id: '1', name: 'Something else' })).toBe(true);
  });

  it('matches by name, ignoring case and spacing', () => {
    expect(sameCategory(meeting, { id: null, name: '  meeting   request ' })).toBe(true);
    expect(sameCategory(meeting, { id: '77', name: 'MEETING REQUEST' })).toBe(true);
  });

  it('passes a HeyReach lead with an approved tag among its tags, whichever tag came last', () => {
    expect(
      decideCategory({
        approved: [interested],
        current: { kind: 'category', id: 'vip', name: 'VIP', tags: ['interested ', 'VIP'] },
      }),
    ).toEqual({ kind: 'pass', reason: 'approved category' });
    expect(
      decideCategory({
        approved: [interested],
        current: { kind: 'category', id: null, name: null, tags: ['Hot', 'VIP'] },
      }),
    ).toEqual({ kind: 'hold', categoryName: 'Hot, VIP' });
    expect(
      decideCategory({
        approved: [interested],
        current: { kind: 'category', id: 'vip', name: 'VIP', tags: ['Hot', 'VIP'] },
      }),
    ).toEqual({ kind: 'hold', categoryName: 'VIP' });
    expect(
      decideCategory({
        approved: [interested],
        current: { kind: 'category', id: null, name: null, tags: [] },
      }),
    ).toEqual({ kind: 'hold', categoryName: null });
  });

  it('does not match another id and name, or nothing', () => {
    expect(sameCategory(interested, { id: '2', name: 'Interested later' })).toBe(false);
    expect(sameCategory(interested, { id: null, name: null })).toBe(false);
    expect(sameCategory({ id: '', name: '' }, { id: null, name: null })).toBe(false);
  });

  it('keeps the words of a name apart: spacing is folded, not removed', () => {
    expect(sameCategory(meeting, { id: null, name: 'MeetingRequest' })).toBe(false);
  });

  it('compares names in lower case, so letters that upper-case alike stay different', () => {
    // 'ß' upper-cases to 'SS': Straße and STRASSE are different category names.
    expect(sameCategory({ id: '9', name: 'Straße' }, { id: null, name: 'strasse' })).toBe(false);
  });
});

describe('categoryFromEvent', () => {
  it('reads the new category of a category change', () => {
    expect(
      categoryFromEvent({
        type: 'LEAD_CATEGORY_UPDATED',
        platform: 'smartlead',
        tags: [],
        category: { id: '1', name: 'Interested' },
      }),
    ).toEqual({ kind: 'category', id: '1', name: 'Interested' });
    expect(
      categoryFromEvent({
        type: 'LEAD_CATEGORY_UPDATED',
        platform: 'smartlead',
        tags: [],
        category: { id: null, name: 'Closed' },
      }),
    ).toEqual({ kind: 'category', id: null, name: 'Closed' });
    expect(
      categoryFromEvent({
        type: 'LEAD_CATEGORY_UPDATED',
        platform: 'smartlead',
        tags: [],
        category: { id: '5', name: null },
      }),
    ).toEqual({ kind: 'category', id: '5', name: null });
  });

  it('reads a change to no category as none', () => {
    expect(
      categoryFromEvent({
        type: 'LEAD_CATEGORY_UPDATED',
        platform: 'smartlead',
        tags: [],
        category: null,
      }),
    ).toEqual({
      kind: 'none',
    });
    expect(
      categoryFromEvent({
        type: 'LEAD_CATEGORY_UPDATED',
        platform: 'smartlead',
        tags: [],
        category: { id: null, name: null },
      }),
    ).toEqual({ kind: 'none' });
  });

  it('says nothing for other events, even when they carry a category', () => {
    expect(
      categoryFromEvent({
        type: 'EMAIL_REPLY',
        platform: 'smartlead',
        tags: [],
        category: interested,
      }),
    ).toBeNull();
  });

  it('reads all a HeyReach lead’s tags after a tag update: any tag left is a category', () => {
    expect(
      categoryFromEvent({
        type: 'LEAD_CATEGORY_UPDATED',
        platform: 'heyreach',
        category: { id: 'vip', name: 'VIP' },
        tags: ['Interested', 'VIP'],
      }),
    ).toEqual({ kind: 'category', id: 'vip', name: 'VIP', tags: ['Interested', 'VIP'] });
    // A tag taken off: no category named, the tags left still count.
    expect(
      categoryFromEvent({
        type: 'LEAD_CATEGORY_UPDATED',
        platform: 'heyreach',
        category: null,
        tags: ['Interested'],
      }),
    ).toEqual({ kind: 'category', id: null, name: null, tags: ['Interested'] });
    // The last tag taken off: no category.
    expect(
      categoryFromEvent({
        type: 'LEAD_CATEGORY_UPDATED',
        platform: 'heyreach',
        category: null,
        tags: [],
      }),
    ).toEqual({ kind: 'none' });
    expect(
      categoryFromEvent({
        type: 'EMAIL_REPLY',
        platform: 'heyreach',
        category: null,
        tags: ['Hot'],
      }),
    ).toBeNull();
  });
});
