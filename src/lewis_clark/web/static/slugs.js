// Card ids (the state's) to slugs (meta.cards' keys).
let cache = null, cachedFor = null;
export function slugById(meta, id) {
  if (cachedFor !== meta) { cache = {}; for (const c of Object.values(meta.cards)) cache[c.id] = c.slug; cachedFor = meta; }
  return cache[id];
}
