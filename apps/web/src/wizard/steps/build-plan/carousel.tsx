import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { text } from './text.ts';

interface CarouselProps {
  /** The radio group's name, e.g. 'Plans'. */
  label: string;
  /** Names the arrow buttons: 'Previous plans'. */
  itemsName: string;
  children: ReactNode[];
}

/**
 * A horizontally scrolling row of cards (Embla). Swipe or drag on touch, arrow buttons otherwise;
 * a card that takes keyboard focus is scrolled into view by Embla.
 */
export function Carousel({ label, itemsName, children }: CarouselProps) {
  const [viewportRef, api] = useEmblaCarousel({
    align: 'start',
    containScroll: 'trimSnaps',
    slidesToScroll: 'auto',
  });
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  const update = useCallback(() => {
    setCanPrev(api?.canScrollPrev() ?? false);
    setCanNext(api?.canScrollNext() ?? false);
  }, [api]);

  useEffect(() => {
    if (!api) return;
    update();
    api.on('select', update).on('reInit', update);
    return () => {
      api.off('select', update).off('reInit', update);
    };
  }, [api, update]);

  const scrollable = canPrev || canNext;
  return (
    <div className="carousel">
      <div className="carousel__viewport" ref={viewportRef}>
        <div className="carousel__track" role="radiogroup" aria-label={label}>
          {children.map((child, index) => (
            <div className="carousel__slide" key={index}>
              {child}
            </div>
          ))}
        </div>
      </div>
      {scrollable && (
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__arrow"
            aria-label={text.previous(itemsName)}
            disabled={!canPrev}
            onClick={() => api?.scrollPrev()}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M15 6l-6 6 6 6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
          <button
            type="button"
            className="carousel__arrow"
            aria-label={text.next(itemsName)}
            disabled={!canNext}
            onClick={() => api?.scrollNext()}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M9 6l6 6-6 6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
}
