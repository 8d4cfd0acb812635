/**
 * Routes of docs/architecture.md §7. Each page is loaded with its route (code split by route);
 * unknown paths render home (docs/architecture.md §7).
 */
import {
  Navigate,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { getToken } from '../api/client';
import { queryClient } from './providers';
import { AppLayout } from './layout/AppLayout';
import { RequireAdmin, RequireUser, SIGNING_IN_FRAME } from './guards';
import { paths } from './paths';
import { PageLoader } from '../ui/PageLoader';

type PageModule = { default: React.ComponentType };
/** Mantine's stylesheets beyond the landing's, fetched with the page's code and then cached. */
const withPageStyles = async (load: () => Promise<PageModule>) => (await Promise.all([load(), import('../ui/mantine-pages.css')]))[0];
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await withPageStyles(load)).default });
/** The home route: the landing page needs only the first load's stylesheets. */
const homePage = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });
/**
 * A lazily loaded page for signed-in members only (docs/architecture.md §7). One that draws its
 * frame while the profile loads (`drawnWhileSigningIn`) has a route carrying SIGNING_IN_FRAME.
 */
const memberPage =
  (load: () => Promise<PageModule>, { drawnWhileSigningIn = false } = {}) =>
  async () => {
    const Page = (await withPageStyles(load)).default;
    return {
      element: (
        <RequireUser drawnWhileSigningIn={drawnWhileSigningIn}>
          <Page />
        </RequireUser>
      ),
    };
  };
/** A lazily loaded page for admins only. */
const adminPage = (load: () => Promise<PageModule>) => async () => {
  const Page = (await withPageStyles(load)).default;
  return { element: <RequireAdmin><Page /></RequireAdmin> };
};

/** The data the routes have started and not received yet: the server draws a member's page once it is there (prerender.tsx). */
export const startedData = new Set<Promise<unknown>>();

/**
 * Starts a member page's data as soon as its address is known, beside the page's code and
 * the profile (which the layout waits for, docs/product.md §11) rather than after both. The page reads
 * the same query from the cache. Without a token the page is not shown, so nothing is asked.
 */
const prefetch =
  (start: (args: LoaderFunctionArgs) => Promise<unknown>) =>
  (args: LoaderFunctionArgs): null => {
    if (!getToken()) return null;
    // A failed early start is no failure: the page asks again and shows its own error.
    const started = start(args).catch(() => undefined);
    startedData.add(started);
    void started.finally(() => startedData.delete(started));
    return null;
  };
const listingData = prefetch(async ({ params, request }) =>
  (await import('../features/contests/listing-route')).prefetchListing(queryClient, params, new URL(request.url).searchParams),
);
const contestData = prefetch(async ({ params }) => (await import('../features/contest-details/details-route')).prefetchContestPage(queryClient, Number(params.id)));
const proposalsData = prefetch(async ({ params, request }) =>
  (await import('../features/proposals/proposals-route')).prefetchProposals(queryClient, Number(params.id), new URL(request.url).searchParams),
);
const conversationData = prefetch(async ({ params }) => (await import('../features/messages/conversation-query')).prefetchConversation(queryClient, Number(params.id)));

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // The first lazy page loads before anything renders; show the same loader as pages do.
    HydrateFallback: PageLoader,
    children: [
      { path: paths.home, lazy: homePage(() => import('../features/public/HomePage')) },
      { path: '/home', element: <Navigate to="/" replace /> },
      { path: '/login/success', element: <Navigate to="/" replace /> },
      { path: paths.signup, lazy: page(() => import('../features/auth/SignupPage')) },
      { path: paths.signupSuccess, lazy: page(() => import('../features/auth/SignupSuccessPage')) },
      { path: paths.verify(':emailToken'), lazy: page(() => import('../features/auth/VerifyEmailPage')) },
      { path: paths.recoverPassword(':emailToken'), lazy: page(() => import('../features/auth/RecoverPasswordPage')) },
      { path: paths.undoEmailChange(':emailToken'), lazy: page(() => import('../features/auth/UndoEmailChangePage')) },
      { path: paths.faq, lazy: page(() => import('../features/public/FaqPage')) },
      { path: paths.cgu, lazy: page(() => import('../features/public/CguPage')) },
      { path: paths.privacy, lazy: page(() => import('../features/public/PrivacyPage')) },
      { path: paths.devOutbox, lazy: page(() => import('../features/dev/OutboxPage')) },
      // Before the listings: its static segment outranks their « :category ».
      { path: paths.publicCategory(':slug'), lazy: page(() => import('../features/contests/SearchPage')) },
      { path: paths.search, lazy: page(() => import('../features/contests/SearchPage')) },
      { path: paths.listing(':category'), loader: listingData, handle: SIGNING_IN_FRAME, lazy: memberPage(() => import('../features/contests/ContestListingPage'), { drawnWhileSigningIn: true }) },
      { path: paths.listing(':category', ':subCategory'), loader: listingData, handle: SIGNING_IN_FRAME, lazy: memberPage(() => import('../features/contests/ContestListingPage'), { drawnWhileSigningIn: true }) },
      { path: paths.editContest(':id'), lazy: memberPage(() => import('../features/contests/EditContestPage')) },
      { path: paths.confirmation, lazy: memberPage(() => import('../features/payments/ConfirmationPage')) },
      {
        path: '/organiser-concours',
        lazy: memberPage(() => import('../features/create-contest/WizardShell')),
        children: [
          { index: true, element: <Navigate to={paths.createContest(1)} replace /> },
          { path: 'etape1', lazy: page(() => import('../features/create-contest/Step1CategoryPage')) },
          { path: 'etape2', lazy: page(() => import('../features/create-contest/Step2BriefPage')) },
          { path: 'etape3', lazy: page(() => import('../features/create-contest/Step3OptionsPage')) },
          { path: 'etape4', lazy: page(() => import('../features/create-contest/Step4RulesPage')) },
          { path: 'etape5', lazy: page(() => import('../features/create-contest/Step5PaymentPage')) },
        ],
      },
      // The old variant of step 1 is not rebuilt (docs/architecture.md §7).
      { path: '/organiser-concours/etape1-old', element: <Navigate to={paths.createContest(1)} replace /> },
      { path: paths.status, lazy: memberPage(() => import('../features/profile/StatusPage')) },
      { path: paths.contestDetails(':id'), loader: contestData, handle: SIGNING_IN_FRAME, lazy: memberPage(() => import('../features/contest-details/ContestDetailsPage'), { drawnWhileSigningIn: true }) },
      { path: paths.proposals(':id'), loader: proposalsData, handle: SIGNING_IN_FRAME, lazy: memberPage(() => import('../features/proposals/ProposalsPage'), { drawnWhileSigningIn: true }) },
      { path: paths.myContests, lazy: memberPage(() => import('../features/my-contests/MyContestsPage')) },
      { path: paths.messages, lazy: memberPage(() => import('../features/messages/MessagesPage')) },
      { path: paths.conversation(':id'), loader: conversationData, handle: SIGNING_IN_FRAME, lazy: memberPage(() => import('../features/messages/ConversationPage'), { drawnWhileSigningIn: true }) },
      // The old static mock-up is not rebuilt (docs/architecture.md §7).
      { path: '/messages_old', element: <Navigate to={paths.messages} replace /> },
      { path: paths.talents, lazy: page(() => import('../features/talents/TalentsPage')) },
      { path: paths.talent(':pseudo'), lazy: page(() => import('../features/talents/TalentProfilePage')) },
      { path: paths.poll(':pollToken'), lazy: page(() => import('../features/talents/PollPage')) },
      { path: paths.pollVoteConfirm(':voteToken'), lazy: page(() => import('../features/talents/PollVoteConfirmPage')) },
      { path: paths.pollResults(':pollToken'), lazy: memberPage(() => import('../features/talents/PollResultsPage')) },
      { path: paths.notifications, lazy: memberPage(() => import('../features/notifications/NotificationsPage')) },
      { path: paths.profile, lazy: memberPage(() => import('../features/profile/ProfilePage')) },
      { path: paths.admin, lazy: adminPage(() => import('../features/admin/AdminPage')) },
      // docs/architecture.md §7: /mon-profil is the implied base of the profile pages.
      { path: '/mon-profil', element: <Navigate to={paths.profile} replace /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/**
 * The browser's router (start.tsx), not started yet: what `createBrowserRouter` does, in two
 * parts. Creating it ranks the routes; `initialize()` then matches the address and starts the
 * route's code and loaders. On a slowed phone each part costs some 30 ms: together, one task
 * too long for a tap to be answered, so start.tsx runs them a task apart. The build draws the
 * public pages from `routes` with a memory router.
 */
export const createAppRouter = () => createRouter({ history: createBrowserHistory(), routes, mapRouteProperties, hydrationRouteProperties });
