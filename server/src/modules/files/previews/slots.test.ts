import { describe, expect, it } from 'vitest';
import { slots } from './slots';

describe('places for the media check', () => {
  it('gives out only as many places as it has; the next waits for one to come back, in turn', async () => {
    const places = slots(2, 10_000);
    expect(await Promise.all([places.take(), places.take()])).toEqual([true, true]);
    const order: string[] = [];
    const third = places.take().then((got) => order.push(`third ${got}`));
    const fourth = places.take().then((got) => order.push(`fourth ${got}`));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);
    places.release();
    await third;
    expect(order).toEqual(['third true']);
    places.release();
    await fourth;
    expect(order).toEqual(['third true', 'fourth true']);
  });

  it('tells a taker that waited past its time that no place came, and keeps the places right', async () => {
    const places = slots(1, 30);
    expect(await places.take()).toBe(true);
    expect(await places.take()).toBe(false);
    places.release();
    expect(await places.take()).toBe(true);
    expect(await places.take()).toBe(false);
  });
});
