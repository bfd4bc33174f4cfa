// The supplement quiz's pages (issue 17: /quiz, /quiz-result), a page group (page-group.ts, decision 31):
// shoppers who never open the quiz load none of it.
import { type PageExports, pageGroup } from './page-group';

export const loadQuizPage = pageGroup(
  import.meta.glob<PageExports>(['./quiz.tsx', './quiz-result.tsx', '!./**/*.test.tsx']),
);
