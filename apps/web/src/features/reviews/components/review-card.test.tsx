import type { Review } from '@kanna/shared/reviews';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR } from '../../../components/ui/avatar';
import { ReviewCard } from './review-card';

const review: Review = {
  _id: '0b7e4f52-8d1a-4b0c-a3c6-5e9f2d7b1a64',
  name: 'Haruto Sato',
  description: 'The chisels hold their edge through a week of mortises.',
  rating: 4,
  img: null,
  verified: false,
  createdAt: '2024-05-01T00:00:00.000Z',
};

describe('ReviewCard', () => {
  it('shows one star per rating point, with the rating in words', () => {
    render(<ReviewCard review={review} />);
    const stars = screen.getByRole('img', { name: 'Rated 4 out of 5' });
    expect(stars.querySelectorAll('svg')).toHaveLength(4);
  });

  it('shows five stars for a five-star review', () => {
    render(<ReviewCard review={{ ...review, rating: 5 }} />);
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5' }).querySelectorAll('svg')).toHaveLength(5);
  });

  it('shows the author, the text and the default avatar when there is no picture', () => {
    render(<ReviewCard review={review} />);
    expect(screen.getByRole('heading', { name: 'Haruto Sato' })).toBeTruthy();
    expect(screen.getByText(review.description)).toBeTruthy();
    expect(screen.getByRole('img', { name: "Haruto Sato's avatar" }).getAttribute('src')).toBe(
      DEFAULT_AVATAR,
    );
  });

  it("shows the author's picture when there is one", () => {
    render(<ReviewCard review={{ ...review, img: '/media/haruto.webp' }} />);
    expect(screen.getByRole('img', { name: "Haruto Sato's avatar" }).getAttribute('src')).toBe(
      '/media/haruto.webp',
    );
  });

  it('marks the review of a customer who has bought from the shop', () => {
    const { rerender } = render(<ReviewCard review={review} />);
    expect(screen.queryByText('Verified buyer')).toBeNull();
    rerender(<ReviewCard review={{ ...review, verified: true }} />);
    expect(screen.getByText('Verified buyer')).toBeTruthy();
  });
});
