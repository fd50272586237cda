import { Types } from 'mongoose';

const OBJECT_ID = /^[0-9a-f]{24}$/;

/** null for anything that is not an id this adapter hands out, so a malformed id finds nothing */
export function objectId(id: string): Types.ObjectId | null {
  return OBJECT_ID.test(id) ? new Types.ObjectId(id) : null;
}
