/**
 * How every document is decoded, from the wire and from the journal. Longs stay Long (or they
 * would come back as doubles) and Binary stays Binary, so values round-trip with their type;
 * int32 and double become JS numbers, which is what mingo's query operators understand.
 */
export const DESERIALIZE_OPTIONS = {
  promoteLongs: false,
  promoteBuffers: false,
  promoteValues: true,
} as const;
