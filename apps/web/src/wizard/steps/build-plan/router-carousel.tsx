import type { Router } from '@fibre/domain/api';
import { isBringYourOwn, parseCost } from '@fibre/domain/catalogue';
import { formatDollars } from '@fibre/domain/shared';
import { Carousel } from './carousel.tsx';
import { ChoiceCard } from './choice-card.tsx';
import { text } from './text.ts';

interface Props {
  routers: Router[];
  selectedId: string | null;
  onChoose: (router: Router) => void;
}

/** The router cards, one selected at a time (the radio group 'Routers'). */
export function RouterCarousel({ routers, selectedId, onChoose }: Props) {
  const selectedShown = routers.some((router) => router.id === selectedId);
  return (
    <Carousel label={text.routersGroup} itemsName="routers">
      {routers.map((router, index) => (
        <ChoiceCard
          key={router.id}
          name={router.name}
          selected={router.id === selectedId}
          tabStop={selectedShown ? router.id === selectedId : index === 0}
          onSelect={() => onChoose(router)}
        >
          <span className="plan-card__description">{router.description1}</span>
          <span className="choice-card__price">
            {isBringYourOwn(router) ? (
              <strong>{text.byoPrice}</strong>
            ) : (
              <>
                <strong>${formatDollars(parseCost(router.cost))}</strong>
                {router.description2 ? ` ${router.description2}` : ''}
              </>
            )}
          </span>
        </ChoiceCard>
      ))}
    </Carousel>
  );
}
