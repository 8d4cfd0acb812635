/** Conditions générales d'utilisation (/cgu), linked from the footer and the sign-up form. */
import { Link } from 'react-router';
import { AUTO_VALIDATION_TEXT, CONTEST_DURATION_DAYS_TEXT, FEE_TEXT, LEGAL_UPDATED, MISSION_ACCEPTANCE_TEXT } from './legal/legal-facts';
import { LegalPage, type LegalSection } from './legal/LegalPage';
import { paths } from '../../app/paths';
import { MESSAGES } from '@creadefi/domain';

const SECTIONS: LegalSection[] = [
  {
    id: 'objet',
    title: 'Objet et acceptation',
    body: (
      <>
        <p>
          Les présentes conditions générales d’utilisation (les «&nbsp;CGU&nbsp;») encadrent l’accès et l’utilisation de la plateforme Créadéfi (la «&nbsp;Plateforme&nbsp;»), éditée par la société Créadéfi SAS
          («&nbsp;Créadéfi&nbsp;», «&nbsp;nous&nbsp;»). La Plateforme met en relation des organisateurs, qui publient des concours créatifs rémunérés, et des talents freelances, qui y répondent par des propositions.
        </p>
        <p>
          En créant un compte, vous déclarez avoir lu et accepté sans réserve les présentes CGU. Si vous n’êtes pas d’accord avec l’une de leurs stipulations, vous ne devez pas utiliser la
          Plateforme.
        </p>
      </>
    ),
  },
  {
    id: 'definitions',
    title: 'Définitions',
    body: (
      <ul>
        <li>
          <strong>Utilisateur</strong>&nbsp;: toute personne disposant d’un compte sur la Plateforme.
        </li>
        <li>
          <strong>Organisateur</strong>&nbsp;: l’Utilisateur qui crée et finance un concours.
        </li>
        <li>
          <strong>Talent</strong> (ou participant)&nbsp;: l’Utilisateur qui envoie une ou plusieurs propositions à un concours.
        </li>
        <li>
          <strong>Concours</strong>&nbsp;: l’appel à propositions publié par un Organisateur, décrit par un brief, une catégorie, une récompense et une date de fin.
        </li>
        <li>
          <strong>Proposition</strong>&nbsp;: la création (image, vidéo, son ou texte) envoyée par un Talent en réponse à un Concours.
        </li>
        <li>
          <strong>Gagnant</strong>&nbsp;: le Talent dont la Proposition est retenue par l’Organisateur.
        </li>
        <li>
          <strong>Récompense</strong> (ou mise de départ)&nbsp;: le montant fixé par l’Organisateur et versé, commission déduite, à chaque Gagnant.
        </li>
        <li>
          <strong>Portefeuille</strong>&nbsp;: le compte de paiement ouvert au nom de l’Utilisateur chez notre prestataire de paiement, sur lequel sont versés ses gains.
        </li>
      </ul>
    ),
  },
  {
    id: 'compte',
    title: 'Inscription et compte',
    body: (
      <>
        <p>
          La Plateforme est réservée aux personnes majeures (18 ans révolus) et aux personnes morales représentées par une personne habilitée. L’inscription se fait avec une adresse e-mail et un
          mot de passe, ou par l’intermédiaire d’un compte Google ou Facebook. Une adresse e-mail doit être vérifiée avant la première connexion.
        </p>
        <p>
          Vous vous engagez à fournir des informations exactes et à les tenir à jour. Vos identifiants sont personnels et confidentiels&nbsp;: toute action effectuée depuis votre compte est réputée l’avoir
          été par vous. Prévenez-nous sans délai en cas d’utilisation frauduleuse.
        </p>
        <p>
          Pour organiser un concours ou recevoir un gain, vous devez compléter votre statut (particulier, entreprise individuelle ou société) et vos coordonnées, qui permettent l’ouverture de votre
          Portefeuille et la vérification d’identité exigée par la réglementation.
        </p>
      </>
    ),
  },
  {
    id: 'role',
    title: 'Rôle de Créadéfi',
    body: (
      <>
        <p>
          Créadéfi fournit un service d’intermédiation&nbsp;: elle héberge les concours, les propositions et les échanges, organise le paiement sécurisé des récompenses et veille au bon déroulement
          des concours. Créadéfi n’est pas partie au contrat de commande conclu entre l’Organisateur et le Gagnant et n’est pas l’auteur des Propositions.
        </p>
        <p>
          Créadéfi peut modérer les contenus publiés, notamment à la suite d’un signalement, et retirer tout contenu contraire aux présentes CGU ou à la loi.
        </p>
      </>
    ),
  },
  {
    id: 'concours',
    title: 'Organisation d’un concours',
    body: (
      <>
        <p>
          L’Organisateur choisit une catégorie, rédige son brief et fixe librement la Récompense, qui ne peut être inférieure au prix minimum de la catégorie, augmenté du prix des options
          choisies. Le concours est publié dès la confirmation du paiement et reste ouvert {CONTEST_DURATION_DAYS_TEXT}. L’Organisateur peut y mettre fin plus tôt si une Proposition lui convient.
        </p>
        <p>
          L’Organisateur peut désigner un ou plusieurs Gagnants. Chaque Gagnant reçoit la Récompense complète&nbsp;; la Récompense de chaque Gagnant supplémentaire est payée par l’Organisateur au moment
          de finaliser le concours.
        </p>
        <p>L’Organisateur s’engage à rédiger un brief loyal et précis, à examiner les Propositions reçues et à ne pas exploiter une Proposition qu’il n’a pas retenue et payée.</p>
      </>
    ),
  },
  {
    id: 'participation',
    title: 'Participation à un concours',
    body: (
      <>
        <p>Le Talent s’engage à n’envoyer que des créations originales, réalisées par lui-même pour le Concours, qui respectent le brief et ne portent atteinte aux droits d’aucun tiers.</p>
        <p>
          Les Propositions ne sont visibles que par leur auteur et par l’Organisateur du Concours. L’Organisateur peut les noter, échanger avec leurs auteurs par la messagerie et signaler une
          Proposition inappropriée.
        </p>
      </>
    ),
  },
  {
    id: 'livraison',
    title: 'Désignation du gagnant et livraison',
    body: (
      <>
        <p>
          Le Gagnant dispose de <strong>{MISSION_ACCEPTANCE_TEXT}</strong> pour accepter la mission et les éventuelles demandes de l’Organisateur, puis livre ses fichiers finaux dans le délai convenu. Il réalise
          les retouches achetées par l’Organisateur lors de la création du concours&nbsp;; au-delà, il n’est tenu à aucune retouche supplémentaire.
        </p>
        <p>
          L’Organisateur valide les fichiers finaux dès qu’ils sont conformes. À défaut de réponse de sa part, les fichiers sont réputés validés et le concours est clôturé automatiquement{' '}
          <strong>{AUTO_VALIDATION_TEXT}</strong> après leur envoi. En cas de retard ou de désaccord, notre support peut intervenir.
        </p>
      </>
    ),
  },
  {
    id: 'paiement',
    title: 'Prix, paiement et commission',
    body: (
      <>
        <p>
          Les paiements sont traités par un prestataire de services de paiement agréé. La Récompense payée par l’Organisateur est conservée sur un compte de cantonnement (séquestre) jusqu’à la
          validation des fichiers finaux&nbsp;: le Talent n’est jamais payé avant, et l’Organisateur ne paie jamais deux fois. Créadéfi ne stocke aucune donnée de carte bancaire.
        </p>
        <p>
          Créadéfi perçoit une commission de <strong>{FEE_TEXT}</strong> sur la Récompense. Le gain affiché aux Talents est la Récompense diminuée de cette commission. À la validation des fichiers
          finaux, le gain est versé sur le Portefeuille du Gagnant, qui peut ensuite le transférer vers son compte bancaire.
        </p>
        <p>Chaque Talent reste seul responsable de ses obligations fiscales et sociales au titre des gains perçus.</p>
      </>
    ),
  },
  {
    id: 'remboursement',
    title: 'Satisfait ou remboursé',
    body: (
      <>
        <p>
          Si aucune Proposition ne convient à l’Organisateur, le concours peut être prolongé par le renouvellement de sa durée. Si, au terme de cette prolongation, aucune Proposition ne le satisfait
          et qu’aucun Gagnant n’a été désigné, l’Organisateur est remboursé de la Récompense sur simple demande auprès du support.
        </p>
        <p>
          Par exception, les concours des catégories <strong>Slogan</strong> et <strong>Nom de boîte</strong> ne sont pas remboursables&nbsp;: une idée de nom ou de slogan, une fois lue, ne peut plus
          être rendue. Aucun remboursement n’est dû une fois un Gagnant désigné.
        </p>
      </>
    ),
  },
  {
    id: 'propriete',
    title: 'Propriété intellectuelle',
    body: (
      <>
        <p>
          Le Talent reste titulaire de ses droits sur ses Propositions. Au paiement de la Récompense, c’est-à-dire à son versement sur le Portefeuille du Gagnant, celui-ci cède à l’Organisateur, à
          titre exclusif, les droits patrimoniaux d’auteur sur la Proposition retenue et sur ses fichiers finaux&nbsp;: droits de reproduction, de représentation, d’adaptation et de traduction, sur tout
          support, pour le monde entier et pour toute la durée légale de protection. Le prix de cette cession est compris dans la Récompense.
        </p>
        <p>
          Les Propositions non retenues restent la propriété exclusive de leurs auteurs&nbsp;: l’Organisateur s’interdit toute utilisation. Sauf opposition de l’Organisateur, le Gagnant peut présenter
          la création dans son portfolio.
        </p>
        <p>La marque, le logo, les textes et le code de la Plateforme appartiennent à Créadéfi et ne peuvent être reproduits sans son accord.</p>
      </>
    ),
  },
  {
    id: 'interdits',
    title: 'Comportements interdits',
    body: (
      <>
        <p>Il est notamment interdit&nbsp;:</p>
        <ul>
          <li>de contourner la Plateforme pour conclure ou payer en dehors d’elle une mission née d’un concours&nbsp;;</li>
          <li>de copier, plagier ou reprendre la Proposition d’un autre Talent&nbsp;;</li>
          <li>de publier un contenu illicite, haineux, diffamatoire, pornographique ou portant atteinte aux droits d’un tiers&nbsp;;</li>
          <li>de créer plusieurs comptes ou d’usurper l’identité d’autrui&nbsp;;</li>
          <li>de perturber le fonctionnement technique de la Plateforme.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'responsabilite',
    title: 'Responsabilité',
    body: (
      <>
        <p>
          Créadéfi met tout en œuvre pour assurer l’accès continu et sécurisé à la Plateforme, dans le cadre d’une obligation de moyens. Sa responsabilité ne saurait être engagée du fait des
          contenus publiés par les Utilisateurs, de l’usage qu’un Organisateur fait d’une création, ni d’une interruption due à une maintenance, à un tiers ou à un cas de force majeure.
        </p>
        <p>Chaque Utilisateur est responsable des contenus qu’il publie et garantit Créadéfi contre toute réclamation de tiers à ce titre.</p>
      </>
    ),
  },
  {
    id: 'suspension',
    title: 'Suspension et clôture du compte',
    body: (
      <p>
        Vous pouvez demander la clôture de votre compte à tout moment en écrivant au support, une fois vos concours en cours terminés et votre Portefeuille vidé. En cas de manquement
        grave aux présentes CGU, Créadéfi peut suspendre ou clôturer un compte, après en avoir informé l’Utilisateur lorsque les circonstances le permettent.
      </p>
    ),
  },
  {
    id: 'donnees',
    title: 'Données personnelles',
    body: (
      <p>
        Les traitements de données personnelles réalisés pour le fonctionnement de la Plateforme sont décrits dans notre <Link to={paths.privacy}>politique de confidentialité</Link>.
      </p>
    ),
  },
  {
    id: 'modification',
    title: 'Modification des CGU',
    body: (
      <p>
        Créadéfi peut faire évoluer les présentes CGU. Les Utilisateurs sont informés de toute modification substantielle au moins quinze jours avant son entrée en vigueur&nbsp;; la poursuite de
        l’utilisation de la Plateforme vaut acceptation de la nouvelle version. Les concours en cours restent régis par la version en vigueur au moment de leur publication.
      </p>
    ),
  },
  {
    id: 'droit',
    title: 'Droit applicable et litiges',
    body: (
      <>
        <p>
          Les présentes CGU sont soumises au droit français. En cas de différend, nous vous invitons à contacter d’abord notre support afin de rechercher une solution amiable.
        </p>
        <p>
          L’Utilisateur agissant en qualité de consommateur peut recourir gratuitement à un médiateur de la consommation et saisir la juridiction de son choix dans les conditions prévues par la loi.
          Pour les Utilisateurs professionnels, tout litige relève de la compétence exclusive des tribunaux du ressort du siège social de Créadéfi.
        </p>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Nous contacter',
    body: (
      <p>
        Pour toute question sur les présentes CGU, écrivez-nous à <a href="mailto:contact@creadefi.fr">contact@creadefi.fr</a> ou utilisez le formulaire de contact en bas de page.
      </p>
    ),
  },
];

export default function CguPage() {
  return (
    <LegalPage
      eyebrow={MESSAGES.legal.eyebrow}
      title={MESSAGES.legal.cguTitle}
      updated={LEGAL_UPDATED}
      intro={
        <>
          <p>
            <strong>En bref&nbsp;:</strong> l’Organisateur fixe une récompense, payée d’avance et conservée en séquestre&nbsp;; les Talents envoient leurs propositions&nbsp;; le Gagnant livre ses fichiers et reçoit la
            récompense moins {FEE_TEXT} de commission&nbsp;; les droits d’auteur sont cédés à l’Organisateur au paiement.
          </p>
          <p>Ce résumé ne remplace pas les conditions détaillées ci-dessous.</p>
        </>
      }
      sections={SECTIONS}
    />
  );
}
