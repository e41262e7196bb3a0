// One step of a story, by its kind. Each answers the line the progress shows after the step's
// name, throws StepFailure when the story's expectation is not met, StepSkipped when this
// target cannot run it.
import { moveStoryClock, setClock } from '../clock.ts';
import { tellReceiver } from '../receiver-rule.ts';
import { kindOf, type Step, type StepKind } from '../types.ts';
import { NO_CONTROL, StepSkipped, type World } from '../world.ts';
import { requestStep } from './request-step.ts';
import { eventsStep, webhooksStep } from './received-step.ts';

const KINDS: Record<StepKind, (world: World, step: Step) => Promise<string>> = {
  request: requestStep,
  control: requestStep,
  clock: clockStep,
  receiver: receiverStep,
  webhooks: webhooksStep,
  events: eventsStep,
};

export async function runStep(world: World, step: Step): Promise<string> {
  if (step.needs === 'control' && !world.control) throw new StepSkipped(`${NO_CONTROL} (it follows a clock move or an inbound message)`);
  // needs: [names]: what those steps made (or saw) did not happen when they were skipped.
  if (Array.isArray(step.needs)) for (const name of step.needs) world.vars.lookup(name);
  return KINDS[kindOf(step)](world, step);
}

async function clockStep(world: World, step: Step): Promise<string> {
  const change = world.vars.interpolate(step.clock!);
  if (!world.control) {
    moveStoryClock(world, change);
    throw new StepSkipped(`the clock of a deployment cannot be moved: ${NO_CONTROL}`);
  }
  return `clock ${await setClock(world, change)}`;
}

async function receiverStep(world: World, step: Step): Promise<string> {
  const answer = world.vars.interpolate(step.receiver!);
  tellReceiver(world.receiver, answer);
  return `the receiver answers ${answer.status}${answer.path ? ` on ${answer.path}` : ''} from now on`;
}
