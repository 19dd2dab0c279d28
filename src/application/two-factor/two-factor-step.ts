import type { UserId } from '../../domain/shared/user.js';
import type { SecondStep } from '../accounts/ports/second-step.js';
import { type GetSecondFactors, hasSecondFactor } from './get-second-factors.js';

/** Two-factor login as a login's second step: needed by a user with any second factor. */
export class TwoFactorStep implements SecondStep {
  constructor(private readonly getSecondFactors: GetSecondFactors) {}

  async needed(userId: UserId): Promise<boolean> {
    return hasSecondFactor(await this.getSecondFactors.execute(userId));
  }
}
