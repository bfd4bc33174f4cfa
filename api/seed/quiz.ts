// The quiz's first version (decision 32): shared/quiz/v1.ts, checked by the shared schema
// and published as the active version. Deterministic: fixed id and timestamps, content as written.
import { quizContentSchema } from '#shared/quiz/schema';
import { QUIZ_V1 } from '#shared/quiz/v1';
import { BASE_TIMESTAMP } from './settings';
import { insertStatements, row } from './sql-writer';

export function* quizStatements(): Generator<string> {
  const content = quizContentSchema.parse(QUIZ_V1);
  yield* insertStatements(
    'quiz_versions',
    ['id', 'status', 'content', 'created_by', 'created_at', 'published_at', 'updated_at'],
    [row([1, 'active', JSON.stringify(content), null, BASE_TIMESTAMP, BASE_TIMESTAMP, BASE_TIMESTAMP])],
  );
}
