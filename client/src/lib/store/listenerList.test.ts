import { describe, expect, it } from 'vitest';
import { listenerList } from './listenerList';

describe('a list of listeners', () => {
  it('calls those there were as a call began, in order: one that leaves meanwhile still, one that comes not', () => {
    const list = listenerList();
    const heard: string[] = [];
    let removeB = () => {};
    const c = () => heard.push('c');
    list.add(() => {
      heard.push('a');
      removeB();
      list.add(c);
    });
    removeB = list.add(() => heard.push('b'));
    list.call();
    expect(heard).toEqual(['a', 'b']);
    heard.length = 0;
    list.call();
    expect(heard).toEqual(['a', 'c']);
    expect(list.size).toBe(2);
  });

  it('calls a listener added twice once, and none after it is cleared', () => {
    const list = listenerList();
    let n = 0;
    const l = () => n++;
    list.add(l);
    list.add(l);
    list.call();
    list.clear();
    list.call();
    expect(n).toBe(1);
  });
});
