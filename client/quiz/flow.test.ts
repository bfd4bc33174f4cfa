import { describe, expect, it } from 'vitest';
import type { QuizQuestionView } from '#shared/quiz/api';
import { askedViews, choose, keptAnswers } from './flow';

const q = (id: string, kind: 'single' | 'multi', options: string[], show_if: QuizQuestionView['show_if'] = null) =>
  ({
    id,
    kind,
    text: id,
    help: null,
    options: options.map((o) => ({ id: o, text: o, ...(o === 'none' ? { none: true as const } : {}) })),
    show_if,
  }) satisfies QuizQuestionView;

const QUESTIONS = [
  q('sex', 'single', ['woman', 'man']),
  q('pregnancy', 'single', ['pregnant', 'no'], { question: 'sex', any_of: ['woman'] }),
  q('medications', 'multi', ['warfarin', 'levothyroxine', 'none']),
];

describe('the quiz flow', () => {
  it('asks the pregnancy question only after "woman", and drops its answer when the branch changes', () => {
    expect(askedViews(QUESTIONS, {}).map((x) => x.id)).toEqual(['sex', 'medications']);
    expect(askedViews(QUESTIONS, { sex: ['woman'] }).map((x) => x.id)).toEqual(['sex', 'pregnancy', 'medications']);
    expect(keptAnswers(QUESTIONS, { sex: ['man'], pregnancy: ['no'], medications: ['none'] })).toEqual({
      sex: ['man'],
      medications: ['none'],
    });
  });

  it('keeps "none" alone and other options in the question’s order', () => {
    const meds = QUESTIONS[2]!;
    expect(choose(meds, ['none'], 'levothyroxine', true)).toEqual(['levothyroxine']);
    expect(choose(meds, ['levothyroxine'], 'warfarin', true)).toEqual(['warfarin', 'levothyroxine']);
    expect(choose(meds, ['warfarin', 'levothyroxine'], 'none', true)).toEqual(['none']);
    expect(choose(meds, ['warfarin', 'levothyroxine'], 'warfarin', false)).toEqual(['levothyroxine']);
    expect(choose(QUESTIONS[0]!, ['woman'], 'man', true)).toEqual(['man']);
  });
});
