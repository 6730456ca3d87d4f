import { Controller, Get, HttpCode, Module, Post } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import {
  Actor,
  AnonymousCatalogRead,
  CurrentActor,
  CurrentTenantId,
  CurrentTraveler,
  OptionalActor,
  PrincipalKinds,
  RequiresDelegation,
  Scopes,
  Traveler,
} from '@hcs/auth';

/** Test-only routes carrying each kind of auth metadata, to drive the guard chain. */
@Controller('__auth')
class AuthProbeController {
  @Get('whoami')
  whoami(@CurrentActor() actor: Actor): Outcome {
    return new Outcome(actor);
  }

  @Get('catalog')
  @AnonymousCatalogRead()
  @Scopes('catalog:read')
  catalog(@OptionalActor() actor: Actor | null, @CurrentTenantId() tenantId: string): Outcome {
    return new Outcome({ tenant_id: tenantId, principal_id: actor?.principalId ?? null });
  }

  @Get('bookings')
  @PrincipalKinds('agent')
  @Scopes('booking:read')
  readBookings(@CurrentActor() actor: Actor): Outcome {
    return new Outcome({ agent_id: actor.principalId });
  }

  @Post('bookings')
  @HttpCode(201)
  @PrincipalKinds('agent')
  @Scopes('booking:write')
  @RequiresDelegation()
  book(@CurrentActor() actor: Actor, @CurrentTraveler() traveler: Traveler): Outcome {
    return new Outcome({ agent_id: actor.principalId, traveler });
  }

  @Get('admin')
  @PrincipalKinds('admin')
  admin(@CurrentActor() actor: Actor): Outcome {
    return new Outcome({ admin_id: actor.principalId });
  }
}

@Module({ controllers: [AuthProbeController] })
export class AuthProbeModule {}
