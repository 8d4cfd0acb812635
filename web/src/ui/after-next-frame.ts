/**
 * Runs `task` once the next frame is drawn. Reading a size or a scroll position while a render
 * is being committed makes the browser lay the new page out at once, inside that task; after
 * the frame, the layout is done and the read costs nothing. Returns what cancels it.
 */
export function afterNextFrame(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
