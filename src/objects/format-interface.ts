/** Renders an object's interface as compact text: what the model reads when an object is mentioned or analyzed. */
import type { KindInterface, ObjectInterface, ObjectSummary, UnreadableHandle } from './operations.ts';

export function formatObjectLine(o: ObjectSummary): string {
  return `${o.objId} (${o.kind}): ${o.description}`;
}

/** A stored handle listObjects could not read: said once, so the owner knows it is there and why it is left out. */
export function formatUnreadableLine(h: UnreadableHandle): string {
  return `(left out, cannot be read) ${h.objId} (${h.kind}): ${h.problem}`;
}

export function formatInterface(o: ObjectInterface | KindInterface): string {
  const head = 'objId' in o ? [`Object ${o.objId}, kind ${o.kind}`, o.description] : [`Kind ${o.kind}`];
  return [
    ...head,
    `About: ${o.about}`,
    `Reading the data: ${o.interpretation}`,
    `Data fields: ${o.fields.map((f) => `${f.name} (${f.type}): ${f.description}`).join('; ')}`,
    o.methods.length > 0 ? 'Methods:' : 'Methods: none',
    ...o.methods.map((m) => `- ${m.signature}: ${m.description}`),
  ].join('\n');
}
