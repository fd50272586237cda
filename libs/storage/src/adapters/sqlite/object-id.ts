import { randomBytes } from 'node:crypto';

// ids shaped like mongo object ids (24 lowercase hex): 4 bytes of seconds, 5 random bytes per
// process, a 3-byte counter. both adapters then hand out the same kind of id, and ids made later
// in one process sort after earlier ones, which breaks ties between equal timestamps.
const processPart = randomBytes(5).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);

export function newObjectIdHex(now: Date = new Date()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(now.getTime() / 1000) >>> 0;
  return seconds.toString(16).padStart(8, '0') + processPart + counter.toString(16).padStart(6, '0');
}
