// The pipeline the state checks move leads through: the workspace's first, with its won and lost
// stages. The pipelines route is inferred (spec 4.14 does not show it): without it, stage ids are
// unknown and the check is skipped.
import type { CheckContext } from '../context.ts';

type Stage = { id: string; type: 'open' | 'won' | 'lost' };
export type Pipeline = { id: string; stages: Stage[]; won: Stage | undefined; lost: Stage | undefined };

export async function firstPipeline(context: CheckContext): Promise<Pipeline> {
  const pipelines = await context.client.call('listPipelines');
  if (pipelines.status !== 200) context.skip('the pipelines route (inferred) does not answer: stage ids are unknown');
  const pipeline = pipelines.json.data[0];
  const stageOf = (type: Stage['type']) => pipeline.stages.find((stage: Stage) => stage.type === type);
  return { ...pipeline, won: stageOf('won'), lost: stageOf('lost') };
}
